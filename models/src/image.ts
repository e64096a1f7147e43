/**
 * Plain RGB images and the few geometric operations the runners need (crop, resize, affine warp), in
 * TypeScript so that one implementation serves onnxruntime-node on the server and onnxruntime-web in the
 * browser, with no OpenCV build to ship.
 */
export interface RgbImage {
  width: number;
  height: number;
  /** width × height × 3 bytes, row-major, R G B. */
  data: Uint8Array;
}

export interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export type Point = readonly [number, number];

/** Where one output row or column samples the source: clamped position, its two neighbours, the weight. */
interface Taps {
  lo: Int32Array;
  hi: Int32Array;
  frac: Float64Array;
}

/** Taps of `count` outputs at `start + (i + 0.5) * step - 0.5` in a source `size` long (clamped). */
function taps(count: number, size: number, start: number, step: number): Taps {
  const lo = new Int32Array(count);
  const hi = new Int32Array(count);
  const frac = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const p = start + (i + 0.5) * step - 0.5;
    const c = p < 0 ? 0 : p > size - 1 ? size - 1 : p;
    const i0 = c | 0;
    lo[i] = i0;
    hi[i] = i0 + 1 < size ? i0 + 1 : i0;
    frac[i] = c - i0;
  }
  return { lo, hi, frac };
}

/**
 * An axis-aligned bilinear resample (resize and crop): each output pixel samples the source at
 * (columns[x], rows[y]). The hot loop of every runner, so the positions are computed once per row and
 * column rather than per pixel, and nothing is allocated per pixel.
 */
function resample(image: RgbImage, width: number, height: number, columns: Taps, rows: Taps): RgbImage {
  const { width: sw, data: src } = image;
  const data = new Uint8Array(width * height * 3);
  let offset = 0;
  for (let y = 0; y < height; y++) {
    const row0 = rows.lo[y]! * sw;
    const row1 = rows.hi[y]! * sw;
    const fy = rows.frac[y]!;
    for (let x = 0; x < width; x++) {
      const x0 = columns.lo[x]!;
      const x1 = columns.hi[x]!;
      const fx = columns.frac[x]!;
      const a = (row0 + x0) * 3;
      const b = (row0 + x1) * 3;
      const c = (row1 + x0) * 3;
      const d = (row1 + x1) * 3;
      for (let k = 0; k < 3; k++) {
        const top = src[a + k]! + (src[b + k]! - src[a + k]!) * fx;
        const bottom = src[c + k]! + (src[d + k]! - src[c + k]!) * fx;
        data[offset++] = Math.round(top + (bottom - top) * fy);
      }
    }
  }
  return { width, height, data };
}

/** Resizes to width × height (pixel centres aligned, as OpenCV's INTER_LINEAR). */
export function resize(image: RgbImage, width: number, height: number): RgbImage {
  if (image.width === width && image.height === height) return image;
  const sx = image.width / width;
  const sy = image.height / height;
  return resample(image, width, height, taps(width, image.width, 0, sx), taps(height, image.height, 0, sy));
}

/** The region `box` (clamped to the image), resized to width × height. */
export function cropResize(image: RgbImage, box: Box, width: number, height: number): RgbImage {
  const x1 = Math.max(0, Math.min(box.x1, image.width - 1));
  const y1 = Math.max(0, Math.min(box.y1, image.height - 1));
  const x2 = Math.max(x1 + 1, Math.min(box.x2, image.width));
  const y2 = Math.max(y1 + 1, Math.min(box.y2, image.height));
  const sx = (x2 - x1) / width;
  const sy = (y2 - y1) / height;
  return resample(image, width, height, taps(width, image.width, x1, sx), taps(height, image.height, y1, sy));
}

/** The affine map [a b c; d e f] taking three points `from` onto three points `to`. */
export function affineFromPoints(from: readonly Point[], to: readonly Point[]): number[] {
  const [p0, p1, p2] = from as [Point, Point, Point];
  const det = (p1[0] - p0[0]) * (p2[1] - p0[1]) - (p2[0] - p0[0]) * (p1[1] - p0[1]);
  if (Math.abs(det) < 1e-9) throw new Error('the three points are on one line');
  const solve = (v0: number, v1: number, v2: number) => {
    const a = ((v1 - v0) * (p2[1] - p0[1]) - (v2 - v0) * (p1[1] - p0[1])) / det;
    const b = ((v2 - v0) * (p1[0] - p0[0]) - (v1 - v0) * (p2[0] - p0[0])) / det;
    return [a, b, v0 - a * p0[0] - b * p0[1]];
  };
  const [q0, q1, q2] = to as [Point, Point, Point];
  return [...solve(q0[0], q1[0], q2[0]), ...solve(q0[1], q1[1], q2[1])];
}

/** The image seen through the affine map `sourceToOutput`, `width` × `height` pixels. */
export function warpAffine(
  image: RgbImage,
  sourceToOutput: number[],
  width: number,
  height: number,
): RgbImage {
  const [a, b, c, d, e, f] = sourceToOutput as [number, number, number, number, number, number];
  const det = a * e - b * d;
  // Inverse map: output pixel → source position.
  const ia = e / det;
  const ib = -b / det;
  const id = -d / det;
  const ie = a / det;
  const { width: sw, height: sh, data: src } = image;
  const data = new Uint8Array(width * height * 3);
  let offset = 0;
  for (let y = 0; y < height; y++) {
    const dy = y - f;
    for (let x = 0; x < width; x++) {
      const dx = x - c;
      const px = ia * dx + ib * dy;
      const py = id * dx + ie * dy;
      const cx = px < 0 ? 0 : px > sw - 1 ? sw - 1 : px;
      const cy = py < 0 ? 0 : py > sh - 1 ? sh - 1 : py;
      const x0 = cx | 0;
      const y0 = cy | 0;
      const x1 = x0 + 1 < sw ? x0 + 1 : x0;
      const y1 = y0 + 1 < sh ? y0 + 1 : y0;
      const fx = cx - x0;
      const fy = cy - y0;
      const p = (y0 * sw + x0) * 3;
      const q = (y0 * sw + x1) * 3;
      const r = (y1 * sw + x0) * 3;
      const t = (y1 * sw + x1) * 3;
      for (let k = 0; k < 3; k++) {
        const top = src[p + k]! + (src[q + k]! - src[p + k]!) * fx;
        const bottom = src[r + k]! + (src[t + k]! - src[r + k]!) * fx;
        data[offset++] = Math.round(top + (bottom - top) * fy);
      }
    }
  }
  return { width, height, data };
}

/** Planar float tensor data [3, h, w] from RGB, (v / scale - mean) / std per channel. */
export function toPlanar(
  image: RgbImage,
  mean: readonly [number, number, number],
  std: readonly [number, number, number],
  scale = 1,
): Float32Array {
  const plane = image.width * image.height;
  const out = new Float32Array(plane * 3);
  const data = image.data;
  // A byte has 256 values: each channel's are computed once (the same arithmetic, so the same floats)
  // and looked up, instead of two divisions per value of every frame.
  const table = new Float32Array(256);
  for (let c = 0; c < 3; c++) {
    for (let v = 0; v < 256; v++) table[v] = (v / scale - mean[c]!) / std[c]!;
    const start = c * plane;
    for (let i = 0, p = c; i < plane; i++, p += 3) out[start + i] = table[data[p]!]!;
  }
  return out;
}

/** Grey values (ITU-R BT.601 weights, as OpenCV), one float per pixel, divided by `scale`. */
export function toGrey(image: RgbImage, scale: number): Float32Array {
  const out = new Float32Array(image.width * image.height);
  for (let i = 0; i < out.length; i++) {
    const r = image.data[i * 3]!;
    const g = image.data[i * 3 + 1]!;
    const b = image.data[i * 3 + 2]!;
    out[i] = Math.round(0.299 * r + 0.587 * g + 0.114 * b) / scale;
  }
  return out;
}
