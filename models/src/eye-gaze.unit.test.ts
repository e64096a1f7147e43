import { describe, expect, it } from 'vitest';
import { moveIrises } from '../test/looking-away';
import { eyeCrop, eyeGaze, IRIS_INPUT_SIZE, type EyeReading, type IrisModel } from './eye-gaze';
import type { Point, RgbImage } from './image';

const blank = (width: number, height: number, rgb = [200, 160, 140]): RgbImage => {
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < data.length; i++) data[i] = rgb[i % 3]!;
  return { width, height, data };
};
const paint = (image: RgbImage, x: number, y: number, rgb: number[]) => {
  for (let k = 0; k < 3; k++) image.data[(y * image.width + x) * 3 + k] = rgb[k]!;
};
const pixel = (image: RgbImage, x: number, y: number) =>
  [0, 1, 2].map((k) => image.data[(y * image.width + x) * 3 + k]!);

describe('eye crops', () => {
  it('centres the eye, 2.3 corner distances wide, with the outer corner at the left', () => {
    const image = blank(300, 100);
    paint(image, 115, 50, [255, 0, 0]);
    // The subject's right eye: outer corner at the picture's left.
    const crop = eyeCrop(image, [100, 50], [120, 50]);
    const scale = IRIS_INPUT_SIZE / (2.3 * 20);
    const x = Math.round(31.5 + 5 * scale);
    expect(pixel(crop.image, x, 32)[0]).toBeGreaterThan(pixel(crop.image, 63 - x, 32)[0]!);
    const back = crop.toPicture([32 + 5 * scale, 32]);
    expect(back[0]).toBeCloseTo(115, 5);
    expect(back[1]).toBeCloseTo(50, 5);
  });

  it('mirrors the left eye, so its inner corner is at the right too, and keeps "down" down', () => {
    const image = blank(300, 100);
    paint(image, 185, 52, [255, 0, 0]);
    // The subject's left eye: outer corner at the picture's right; a mark towards the nose, below.
    const crop = eyeCrop(image, [200, 50], [180, 50]);
    const toward = crop.toPicture([40, 40]);
    expect(toward[0]).toBeLessThan(190);
    expect(toward[1]).toBeGreaterThan(50);
    let best: Point = [0, 0];
    let red = -1;
    for (let y = 0; y < 64; y++) {
      for (let x = 0; x < 64; x++) {
        const [r, g] = pixel(crop.image, x, y) as [number, number];
        if (r - g > red) [red, best] = [r - g, [x, y]];
      }
    }
    expect(best[0]).toBeGreaterThan(32);
    expect(best[1]).toBeGreaterThan(32);
  });
});

describe('gaze from the model output', () => {
  /** A fake model answering with lids level at y 28/36 and the iris at `irisX` in both crops. */
  const model = (irisX: number): IrisModel => ({
    run: async () => {
      const eye = new Float32Array(228);
      const set = (i: number, x: number, y: number) => {
        eye[i * 3] = x;
        eye[i * 3 + 1] = y;
      };
      for (let i = 0; i <= 8; i++) set(i, 20 + (24 * i) / 8, i === 0 || i === 8 ? 32 : 36);
      for (let i = 9; i <= 15; i++) set(i, 23 + (18 * (i - 9)) / 6, 28);
      set(71, irisX, 32);
      [72, 73, 74, 75].forEach((i, n) => set(i, irisX + [4, 0, -4, 0][n]!, 32 + [0, 4, 0, -4][n]!));
      const out = new Float32Array(456);
      out.set(eye, 0);
      out.set(eye, 228);
      return out;
    },
  });
  const landmarks: Point[] = Array.from({ length: 68 }, () => [0, 0] as Point);
  landmarks[36] = [100, 50];
  landmarks[39] = [120, 50];
  landmarks[42] = [140, 50];
  landmarks[45] = [160, 50];

  it('reads irises in the middle as looking ahead', async () => {
    const gaze = await eyeGaze(model(32), blank(300, 100), landmarks);
    expect(gaze.horizontal).toBeCloseTo(0, 5);
    expect(gaze.vertical).toBeCloseTo(0, 5);
    expect(gaze.openness).toBeCloseTo(8 / 24, 5);
    expect(gaze.width).toBeCloseTo(24 / (64 / (2.3 * 20)), 5);
  });

  it('turns the mirrored eye back: the same crop reading is opposite sides of the picture', async () => {
    const gaze = await eyeGaze(model(26), blank(300, 100), landmarks);
    const [right, left] = gaze.eyes;
    expect(right.horizontal).toBeCloseTo(0.25, 5);
    expect(left.horizontal).toBeCloseTo(0.25, 5);
    // Towards the right eye's outer corner (picture left) and the left eye's outer corner (picture
    // right): the eyes diverge, and their mean says "ahead".
    expect(right.iris[0]).toBeLessThan(110);
    expect(left.iris[0]).toBeGreaterThan(150);
    expect(gaze.horizontal).toBeCloseTo(0, 5);
  });
});

describe('the looking-away picture maker', () => {
  it('moves the iris inside the lids and leaves everything outside the eye untouched', () => {
    const image = blank(60, 40);
    const dark = [40, 30, 20];
    // An eye opening 30 × 10 with white sclera and a dark iris of radius 4 at (30, 20).
    for (let y = 15; y <= 25; y++) {
      for (let x = 15; x <= 45; x++) {
        paint(image, x, y, Math.hypot(x - 30, y - 20) <= 4 ? dark : [235, 230, 225]);
      }
    }
    const lids: Point[] = [
      ...Array.from({ length: 9 }, (_, i) => [15 + (30 * i) / 8, 25.5] as Point),
      ...Array.from({ length: 7 }, (_, i) => [18 + (24 * i) / 6, 14.5] as Point),
    ];
    lids[0] = [14.5, 20];
    lids[8] = [45.5, 20];
    const eye: EyeReading = {
      outer: [14.5, 20],
      inner: [45.5, 20],
      iris: [30, 20],
      irisRadius: 4,
      lids,
      horizontal: 0.5,
      vertical: 0.5,
      openness: 0.35,
    };
    const moved = moveIrises(image, [eye], -8);
    const centroid = (img: RgbImage) => {
      let sum = 0;
      let n = 0;
      for (let y = 0; y < img.height; y++) {
        for (let x = 0; x < img.width; x++) {
          if (pixel(img, x, y)[0]! >= 100) continue;
          sum += x;
          n += 1;
        }
      }
      return sum / n;
    };
    expect(centroid(image)).toBeCloseTo(30, 1);
    expect(centroid(moved)).toBeCloseTo(22, 0);
    // Where the iris was is sclera now.
    expect(pixel(moved, 30, 20)[0]).toBeGreaterThan(200);
    for (let y = 0; y < 40; y++) {
      for (let x = 0; x < 60; x++) {
        if (x < 13 || x > 47 || y < 13 || y > 27) expect(pixel(moved, x, y)).toEqual(pixel(image, x, y));
      }
    }
  });
});
