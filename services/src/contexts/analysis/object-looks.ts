import { sceneChanged, type SceneSignature } from './scene-change';

/**
 * Which sampled frames the object detector looks at. It is the pipeline's one slow model (about 0.2 s
 * a frame, against about 25 ms for all the face models together), so it must look where it can matter:
 *
 * - `fixed`: every `every`-th frame (object_detection.interval), each look standing for the frames until
 *   the next. The former behaviour, kept so that the bench measures before and after in one run.
 * - `adaptive`: the same grid of frames, but a grid frame whose scene has not changed materially since
 *   the last frame looked at (scene-change.ts) takes that look's verdict without looking again, up to
 *   `maxStaleFrames`; and where two neighbouring grid frames disagree (an object appeared or went), the
 *   frames between them are searched by bisection for the boundary, each one again taking the verdict
 *   of either end whose scene it still shows, so that boundaries are within one sampled frame instead of
 *   one interval.
 */
export type ObjectLookMode = 'fixed' | 'adaptive';

export interface ObjectVerdict<R> {
  index: number;
  objects: R[];
  /** Whether the detector ran on this frame; false: the verdict of an unchanged scene was carried. */
  looked: boolean;
}

export interface ObjectLookOptions<F, R> {
  /** The grid: every n-th sampled frame (n ≥ 1). */
  every: number;
  mode: ObjectLookMode;
  /** Adaptive: look again after this many frames even in an unchanged scene. */
  maxStaleFrames: number;
  look: (frame: F, index: number) => Promise<R[]>;
  changed?: (reference: SceneSignature, next: SceneSignature) => boolean;
}

interface Held<F> {
  index: number;
  frame: F;
  signature: SceneSignature;
}

interface Decided<F, R> extends Held<F> {
  objects: R[];
}

/**
 * Frames are pushed in order; the schedule looks (sequentially: the detector is one worker thread) as
 * they come, holding at most the frames since the last grid frame. `finish` decides the last frames and
 * returns every verdict by index.
 */
export class ObjectLookSchedule<F, R> {
  private readonly verdicts = new Map<number, ObjectVerdict<R>>();
  private readonly changed: (a: SceneSignature, b: SceneSignature) => boolean;
  private held: Held<F>[] = [];
  /** The last frame the detector ran on at a grid position: what unchanged scenes are compared with. */
  private reference: Decided<F, R> | null = null;
  private previousGrid: Decided<F, R> | null = null;
  private chain: Promise<void> = Promise.resolve();
  private queued = 0;
  /** Detector runs so far. */
  looks = 0;

  constructor(private readonly options: ObjectLookOptions<F, R>) {
    if (!(options.every >= 1)) throw new Error('every must be at least 1');
    this.changed = options.changed ?? ((a, b) => sceneChanged(a, b));
  }

  /** Frames pushed and not yet handled: the caller waits on `push` when this grows. */
  get backlog(): number {
    return this.queued;
  }

  /** Queues a frame (indices in increasing order); resolves once it has been handled. */
  push(index: number, frame: F, signature: SceneSignature): Promise<void> {
    this.queued += 1;
    const done = this.chain.then(() => this.take({ index, frame, signature }));
    this.chain = done.finally(() => (this.queued -= 1));
    // A failure is reported by finish (and by this promise to whoever waits on it), never as unhandled.
    this.chain.catch(() => undefined);
    return this.chain;
  }

  /** Decides the frames after the last grid frame and returns every verdict, by index. */
  async finish(): Promise<ObjectVerdict<R>[]> {
    await this.chain;
    const last = this.held.at(-1);
    // Adaptive: the recording's end is a boundary too. Fixed keeps the former behaviour: the last grid
    // look stands for its interval.
    if (last && this.options.mode === 'adaptive') await this.decideGrid(last);
    this.held = [];
    return [...this.verdicts.values()].sort((a, b) => a.index - b.index);
  }

  private async take(frame: Held<F>): Promise<void> {
    this.held.push(frame);
    if (frame.index % this.options.every === 0) await this.decideGrid(frame);
  }

  private async run(frame: Held<F>): Promise<R[]> {
    this.looks += 1;
    const objects = await this.options.look(frame.frame, frame.index);
    this.verdicts.set(frame.index, { index: frame.index, objects, looked: true });
    return objects;
  }

  private carry(frame: Held<F>, from: Decided<F, R>): R[] {
    this.verdicts.set(frame.index, { index: frame.index, objects: from.objects, looked: false });
    return from.objects;
  }

  private async decideGrid(frame: Held<F>): Promise<void> {
    const { mode, maxStaleFrames } = this.options;
    const reference = this.reference;
    let objects: R[];
    if (
      mode === 'adaptive' &&
      reference &&
      frame.index - reference.index < maxStaleFrames &&
      !this.changed(reference.signature, frame.signature)
    ) {
      objects = this.carry(frame, reference);
    } else {
      objects = await this.run(frame);
      this.reference = { ...frame, objects };
    }
    const decided = { ...frame, objects };
    const previous = this.previousGrid;
    if (mode === 'adaptive' && previous && present(previous.objects) !== present(objects)) {
      await this.bisect(
        previous,
        decided,
        this.held.filter((h) => h.index > previous.index && h.index < frame.index),
      );
    }
    this.previousGrid = decided;
    this.held = this.held.filter((h) => h.index > frame.index);
  }

  /**
   * Where between `low` and `high` (which disagree) the verdict turns: each probe takes the verdict of
   * an end whose scene it still shows, and the detector runs only on frames like neither.
   */
  private async bisect(low: Decided<F, R>, high: Decided<F, R>, between: Held<F>[]): Promise<void> {
    let a = -1;
    let b = between.length;
    while (b - a > 1) {
      const m = (a + b) >> 1;
      const probe = between[m]!;
      let objects: R[];
      if (!this.changed(low.signature, probe.signature)) objects = this.carry(probe, low);
      else if (!this.changed(high.signature, probe.signature)) objects = this.carry(probe, high);
      else objects = await this.run(probe);
      if (present(objects) === present(low.objects)) a = m;
      else b = m;
    }
  }
}

const present = (objects: readonly unknown[]) => objects.length > 0;

/**
 * How long each verdict stands for, in seconds: until the next verdict, at most one grid interval,
 * and never past the recording's last sampled frame.
 */
export function verdictSpans(
  verdicts: readonly Pick<ObjectVerdict<unknown>, 'index'>[],
  every: number,
  frameCount: number,
  framesPerSecond: number,
): Map<number, number> {
  const spans = new Map<number, number>();
  verdicts.forEach((verdict, i) => {
    const next = verdicts[i + 1]?.index ?? Number.POSITIVE_INFINITY;
    const frames = Math.min(next - verdict.index, every, Math.max(1, frameCount - verdict.index));
    spans.set(verdict.index, frames / framesPerSecond);
  });
  return spans;
}
