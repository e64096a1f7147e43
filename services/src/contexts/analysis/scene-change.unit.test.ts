import { describe, expect, it } from 'vitest';
import type { RgbImage } from '@sabaq/models';
import { sceneSignature } from './scene-change';

/** The signature as first written, pixel by pixel: the fast one must give the same floats. */
function pixelByPixel(image: RgbImage): Float32Array {
  const columns = Math.max(1, Math.floor(image.width / 8));
  const rows = Math.max(1, Math.floor(image.height / 8));
  const sums = new Float32Array(columns * rows);
  const counts = new Uint16Array(columns * rows);
  for (let y = 0; y < rows * 8 && y < image.height; y++) {
    for (let x = 0; x < columns * 8 && x < image.width; x++) {
      const p = (y * image.width + x) * 3;
      const cell = ((y / 8) | 0) * columns + ((x / 8) | 0);
      sums[cell]! += 0.299 * image.data[p]! + 0.587 * image.data[p + 1]! + 0.114 * image.data[p + 2]!;
      counts[cell]! += 1;
    }
  }
  for (let i = 0; i < sums.length; i++) sums[i] = sums[i]! / Math.max(1, counts[i]!);
  return sums;
}

/** Noise from a fixed seed, so a failure can be replayed. */
function noisy(width: number, height: number, seed: number): RgbImage {
  const data = new Uint8Array(width * height * 3);
  let state = seed;
  for (let i = 0; i < data.length; i++) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    data[i] = state % 256;
  }
  return { width, height, data };
}

describe('scene signature', () => {
  it.each([
    [320, 240],
    [321, 243],
    [13, 7],
    [5, 3],
  ])('is the pixel-by-pixel block means, bit for bit, at %i × %i', (width, height) => {
    for (const seed of [1, 2, 3]) {
      const image = noisy(width, height, seed);
      expect(sceneSignature(image).cells).toEqual(pixelByPixel(image));
    }
  });
});
