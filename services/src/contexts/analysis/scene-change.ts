import type { RgbImage } from '@sabaq/models';

/**
 * A cheap summary of a frame for telling whether the scene changed: the grey mean of each CELL × CELL
 * block (40 × 30 values for a 320 × 240 frame). Averaging 64 pixels drowns a webcam's sensor noise and
 * the codec's flicker, while a phone brought into view (tens of pixels wide at 320 × 240) still moves
 * several blocks by tens of grey levels.
 */
export interface SceneSignature {
  columns: number;
  rows: number;
  cells: Float32Array;
}

const CELL = 8;

export function sceneSignature(image: RgbImage): SceneSignature {
  const columns = Math.max(1, Math.floor(image.width / CELL));
  const rows = Math.max(1, Math.floor(image.height / CELL));
  const sums = new Float32Array(columns * rows);
  const counts = new Uint16Array(columns * rows);
  const { width, data } = image;
  for (let y = 0; y < rows * CELL && y < image.height; y++) {
    const row = ((y / CELL) | 0) * columns;
    for (let x = 0; x < columns * CELL && x < width; x++) {
      const p = (y * width + x) * 3;
      const cell = row + ((x / CELL) | 0);
      sums[cell]! += 0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!;
      counts[cell]! += 1;
    }
  }
  for (let i = 0; i < sums.length; i++) sums[i] = sums[i]! / Math.max(1, counts[i]!);
  return { columns, rows, cells: sums };
}

export interface SceneChangeOptions {
  /** A block changed when its grey mean moved more than this many levels (of 255). */
  levels?: number;
  /** The scene changed when at least this share of blocks changed. */
  share?: number;
}

/**
 * Defaults: 10 grey levels over at least 0.5 % of the blocks (6 of 1,200 at 320 × 240, a patch about
 * 20 × 20 pixels). A phone held up to the camera covers tens of blocks; a still student's frames differ
 * by a level or two.
 */
export const SCENE_CHANGE_LEVELS = 10;
export const SCENE_CHANGE_SHARE = 0.005;

/** Whether `next` differs materially from `reference`: different sizes always do. */
export function sceneChanged(
  reference: SceneSignature,
  next: SceneSignature,
  options: SceneChangeOptions = {},
): boolean {
  if (reference.columns !== next.columns || reference.rows !== next.rows) return true;
  const levels = options.levels ?? SCENE_CHANGE_LEVELS;
  const needed = Math.max(1, Math.ceil((options.share ?? SCENE_CHANGE_SHARE) * next.cells.length));
  let changed = 0;
  for (let i = 0; i < next.cells.length; i++) {
    if (Math.abs(next.cells[i]! - reference.cells[i]!) > levels && ++changed >= needed) return true;
  }
  return false;
}
