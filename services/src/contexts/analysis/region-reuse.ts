import type { Box, RgbImage } from '@sabaq/models';

/**
 * The cascade's test for reusing a model's answer: the grey means of small blocks over the region a
 * model reads (the head pose's widened face box, the eyes' corners), compared with those of the frame the
 * model last ran on. A model given the same pixels gives the same answer, so where the region has not
 * changed (a student sitting still, the codec's flicker averaged out by the blocks) its answer is reused;
 * a head turning, an iris moving two pixels in an eight-pixel eye, or the box moving, all change it.
 */
export interface RegionSignature {
  box: Box;
  columns: number;
  rows: number;
  cells: Float32Array;
}

/** The region rounded to whole pixels and clipped to the frame; blocks of `cell` pixels cover it. */
export function regionSignature(image: RgbImage, region: Box, cell: number): RegionSignature {
  const x1 = Math.max(0, Math.floor(region.x1));
  const y1 = Math.max(0, Math.floor(region.y1));
  const x2 = Math.min(image.width, Math.ceil(region.x2));
  const y2 = Math.min(image.height, Math.ceil(region.y2));
  const columns = Math.max(0, Math.ceil((x2 - x1) / cell));
  const rows = Math.max(0, Math.ceil((y2 - y1) / cell));
  const sums = new Float32Array(columns * rows);
  const counts = new Uint16Array(columns * rows);
  const { width, data } = image;
  for (let y = y1; y < y2; y++) {
    const row = (((y - y1) / cell) | 0) * columns;
    for (let x = x1; x < x2; x++) {
      const p = (y * width + x) * 3;
      const at = row + (((x - x1) / cell) | 0);
      sums[at]! += 0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!;
      counts[at]! += 1;
    }
  }
  for (let i = 0; i < sums.length; i++) sums[i] = sums[i]! / Math.max(1, counts[i]!);
  return { box: { x1: region.x1, y1: region.y1, x2: region.x2, y2: region.y2 }, columns, rows, cells: sums };
}

export interface RegionReuseOptions {
  /** The region's corners may move at most this share of its width (and height) each. */
  moved: number;
  /** Every block's grey mean within this many levels (of 255) of the reference's. */
  levels: number;
}

/**
 * Whether `next` shows what `reference` showed: the region barely moved and not one block changed by
 * more than `levels`. Strict on purpose (any block, not a share of them, as the scene test has): the
 * region is what the model reads, and a small part of it (an iris) can be the whole answer.
 */
export function regionUnchanged(
  reference: RegionSignature,
  next: RegionSignature,
  options: RegionReuseOptions,
): boolean {
  if (reference.columns !== next.columns || reference.rows !== next.rows || next.cells.length === 0)
    return false;
  const w = Math.max(1, reference.box.x2 - reference.box.x1);
  const h = Math.max(1, reference.box.y2 - reference.box.y1);
  const a = reference.box;
  const b = next.box;
  if (
    Math.abs(a.x1 - b.x1) > options.moved * w ||
    Math.abs(a.x2 - b.x2) > options.moved * w ||
    Math.abs(a.y1 - b.y1) > options.moved * h ||
    Math.abs(a.y2 - b.y2) > options.moved * h
  )
    return false;
  for (let i = 0; i < next.cells.length; i++) {
    if (Math.abs(next.cells[i]! - reference.cells[i]!) > options.levels) return false;
  }
  return true;
}

/**
 * One model's answers with the regions they read, decided in frame order: a frame whose region is
 * unchanged since the last frame the model ran on takes that frame's answer instead of running the
 * model, at most `maxAgeFrames` after it (a sparse schedule of fresh answers whatever the test says).
 *
 * Deterministic by construction: frames are analysed several at a time and reach `answer` in whatever
 * order their detections finish, so each frame waits for its turn (every earlier frame has decided or
 * passed, `pass`) and decides then. The reference is therefore always the last earlier frame, in frame
 * order, that ran the model, whatever the timing; its answer may still be computing, and the frame takes
 * it as a promise. Only the decisions are in order: the models' runs still overlap.
 * Every frame index from 0 up must either `answer` or `pass`, once.
 */
export class RegionAnswers<T> {
  private last: { index: number; signature: RegionSignature; answer: Promise<T> } | null = null;
  /** The frame whose decision is due, and the later frames waiting for theirs. */
  private next = 0;
  private readonly waiting = new Map<number, () => void>();
  /** Frames the model ran on, and frames that took a reused answer. */
  ran = 0;
  reused = 0;

  constructor(private readonly options: RegionReuseOptions & { maxAgeFrames: number }) {}

  /**
   * Frame `index`'s answer: once its turn comes, the last earlier run's if `signature` shows what that
   * run read, else `compute`'s (started at once; the next frame's turn does not wait for it).
   */
  async answer(index: number, signature: RegionSignature, compute: () => Promise<T>): Promise<T> {
    await this.turn(index);
    let answer: Promise<T>;
    const last = this.last;
    if (
      last &&
      index - last.index <= this.options.maxAgeFrames &&
      regionUnchanged(last.signature, signature, this.options)
    ) {
      this.reused += 1;
      answer = last.answer;
    } else {
      this.ran += 1;
      try {
        answer = compute();
      } catch (error) {
        answer = Promise.reject(error);
      }
      // A failed run fails the analysis (every frame that took it sees the error), never unhandled.
      answer.catch(() => undefined);
      this.last = { index, signature, answer };
    }
    this.advance(index);
    return answer;
  }

  /** Frame `index` does not need the model (no face, or not this detector's frame): its turn passes. */
  async pass(index: number): Promise<void> {
    if (index < this.next) return;
    await this.turn(index);
    this.advance(index);
  }

  private turn(index: number): Promise<void> {
    if (index < this.next) throw new Error(`frame ${index} has already decided`);
    if (index === this.next) return Promise.resolve();
    if (this.waiting.has(index)) throw new Error(`frame ${index} is already waiting`);
    return new Promise((resolve) => this.waiting.set(index, resolve));
  }

  private advance(index: number): void {
    this.next = index + 1;
    const wake = this.waiting.get(this.next);
    if (wake) {
      this.waiting.delete(this.next);
      wake();
    }
  }
}
