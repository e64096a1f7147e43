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
  const { width, data } = image;
  const height = Math.min(rows * CELL, image.height);
  const across = Math.min(columns * CELL, width);
  // Block by block along each row, with no division per pixel (it ran on every frame, a tenth of the
  // main thread's time). Each block still adds its pixels in the same order, each sum rounded to a
  // 32-bit float as the array stores it, so the signature is the same to the last bit.
  for (let y = 0; y < height; y++) {
    const row = ((y / CELL) | 0) * columns;
    let p = y * width * 3;
    for (let column = 0, x = 0; x < across; column++) {
      let sum = sums[row + column]!;
      for (const end = Math.min(x + CELL, across); x < end; x++, p += 3)
        sum = Math.fround(sum + (0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!));
      sums[row + column] = sum;
    }
  }
  // Pixels per block: whole blocks, or fewer in a picture smaller than one.
  const count = Math.max(1, Math.min(CELL, height) * Math.min(CELL, across));
  for (let i = 0; i < sums.length; i++) sums[i] = sums[i]! / count;
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
