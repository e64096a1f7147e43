import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EyeReading } from '../src/eye-gaze';
import type { Point, RgbImage } from '../src/image';

/**
 * No test picture shows someone looking away, so one is made: astronaut.png with both irises moved
 * sideways by plain pixel code, where the iris model itself found them (eye-gaze.ts). Everything else
 * (head, light, face) stays as it was, so the head is frontal and only the eyes look away.
 */

/** The irises move this share of the corner distance towards the picture's left (the subject's right). */
export const LOOK_AWAY_SHIFT = 0.22;

/** Sub-samples per pixel side for the lids' coverage: the lid line is anti-aliased, not jagged. */
const SUPER = 4;

/** Whether `p` is inside the polygon (even-odd rule). */
function inside(polygon: readonly Point[], x: number, y: number): boolean {
  let odd = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
  }
  return odd;
}

/** Share of the pixel (x, y) covered by the polygon. */
function coverage(polygon: readonly Point[], x: number, y: number): number {
  let n = 0;
  for (let i = 0; i < SUPER; i++) {
    for (let j = 0; j < SUPER; j++) {
      if (inside(polygon, x + (i + 0.5) / SUPER - 0.5, y + (j + 0.5) / SUPER - 0.5)) n += 1;
    }
  }
  return n / (SUPER * SUPER);
}

/** 1 inside the disc, 0 outside, a 1-pixel feathered rim. */
const disc = (x: number, y: number, c: Point, r: number) =>
  Math.min(1, Math.max(0, r + 0.5 - Math.hypot(x - c[0], y - c[1])));

function sample(image: RgbImage, x: number, y: number, k: number): number {
  const cx = Math.min(Math.max(x, 0), image.width - 1);
  const cy = Math.min(Math.max(y, 0), image.height - 1);
  const x0 = Math.floor(cx);
  const y0 = Math.floor(cy);
  const x1 = Math.min(x0 + 1, image.width - 1);
  const y1 = Math.min(y0 + 1, image.height - 1);
  const fx = cx - x0;
  const fy = cy - y0;
  const at = (px: number, py: number) => image.data[(py * image.width + px) * 3 + k]!;
  const top = at(x0, y0) + (at(x1, y0) - at(x0, y0)) * fx;
  const bottom = at(x0, y1) + (at(x1, y1) - at(x0, y1)) * fx;
  return top + (bottom - top) * fy;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

/**
 * The picture with each eye's iris disc moved `shift` pixels sideways (negative: to the left). Inside
 * the lids' opening, where the iris was is filled with the sclera's colour sampled beside it, and the
 * iris's own pixels are copied to the new place; the lids cut the disc where it now reaches under them,
 * and every edge is feathered over a pixel.
 */
export function moveIrises(image: RgbImage, eyes: readonly EyeReading[], shift: number): RgbImage {
  const out = new Uint8Array(image.data);
  for (const eye of eyes) {
    // The lids' opening: the lower lid outer → inner, then the upper lid back from inner to outer.
    const opening = [...eye.lids.slice(0, 9), ...eye.lids.slice(9).reverse()];
    // The dark limbal ring belongs to the iris: take a little more than the model's iris edge.
    const r = eye.irisRadius * 1.15;
    const from = eye.iris;
    const to: Point = [from[0] + shift, from[1]];
    const xs = opening.map((p) => p[0]);
    const ys = opening.map((p) => p[1]);
    const x1 = Math.floor(Math.min(...xs, to[0] - r)) - 1;
    const x2 = Math.ceil(Math.max(...xs, to[0] + r)) + 1;
    const y1 = Math.floor(Math.min(...ys, from[1] - r)) - 1;
    const y2 = Math.ceil(Math.max(...ys, from[1] + r)) + 1;
    const cover = new Map<number, number>();
    const coverAt = (x: number, y: number) => {
      const key = y * image.width + x;
      let c = cover.get(key);
      if (c === undefined) cover.set(key, (c = coverage(opening, x, y)));
      return c;
    };
    // The sclera: pixels wholly inside the opening and clear of the iris, by their median colour.
    const sclera: number[][] = [[], [], []];
    const iris: number[][] = [[], [], []];
    for (let y = y1; y <= y2; y++) {
      for (let x = x1; x <= x2; x++) {
        if (coverAt(x, y) < 1) continue;
        const d = Math.hypot(x - from[0], y - from[1]);
        const bucket = d > r + 1 ? sclera : d < r * 0.8 ? iris : null;
        for (let k = 0; k < 3; k++) bucket?.[k]!.push(image.data[(y * image.width + x) * 3 + k]!);
      }
    }
    const scleraColour = sclera.map(median);
    const irisColour = iris.map(median);
    for (let y = y1; y <= y2; y++) {
      for (let x = x1; x <= x2; x++) {
        const open = coverAt(x, y);
        if (open === 0) continue;
        const removed = disc(x, y, from, r) * open;
        const added = disc(x, y, to, r) * open;
        if (removed === 0 && added === 0) continue;
        // Where the copied pixel would come from under a lid, the iris's own colour stands in.
        const sourceOpen = coverAt(Math.round(x - shift), y);
        for (let k = 0; k < 3; k++) {
          const i = (y * image.width + x) * 3 + k;
          const filled = image.data[i]! + (scleraColour[k]! - image.data[i]!) * removed;
          const copied = irisColour[k]! + (sample(image, x - shift, y, k) - irisColour[k]!) * sourceOpen;
          out[i] = Math.round(filled + (copied - filled) * added);
        }
      }
    }
  }
  return { width: image.width, height: image.height, data: out };
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** The shift and the algorithm are in the name: a changed recipe builds a new picture. */
const target = path.resolve(
  here,
  '..',
  '.cache',
  'media',
  `astronaut-looking-away-${LOOK_AWAY_SHIFT}-v1.png`,
);

/**
 * astronaut.png with the eyes turned to the picture's left, built once per machine into
 * models/.cache/media (about 0.6 MB, never committed). The models' runners are asynchronous and this
 * is called from the synchronous video composer, so the build runs in a child process.
 */
export function lookingAwayPicturePath(): string {
  if (existsSync(target)) return target;
  execFileSync(process.execPath, ['--import', 'tsx', path.join(here, 'build-looking-away.ts'), target], {
    // From the repository's root, where `tsx` resolves.
    cwd: path.resolve(here, '..', '..'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return target;
}
