import { describe, expect, it } from 'vitest';
import { suppressOverlaps, intersectionOverUnion } from './face-detector';
import { affineFromPoints, cropResize, resize, toPlanar, warpAffine, type RgbImage } from './image';
import { loudnessDbfs } from './voice-activity';

/** A width × height picture whose red channel is x and green channel is y, so positions can be read back. */
function ramp(width: number, height: number): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      data[(y * width + x) * 3] = x;
      data[(y * width + x) * 3 + 1] = y;
    }
  return { width, height, data };
}
const px = (image: RgbImage, x: number, y: number) => [
  image.data[(y * image.width + x) * 3],
  image.data[(y * image.width + x) * 3 + 1],
];

describe('image operations', () => {
  it('resizes keeping pixel centres aligned', () => {
    const half = resize(ramp(100, 60), 50, 30);
    expect(half.width).toBe(50);
    expect(px(half, 10, 10)).toEqual([21, 21]);
  });

  it('crops a box and resizes it', () => {
    const crop = cropResize(ramp(100, 100), { x1: 20, y1: 40, x2: 60, y2: 80 }, 40, 40);
    expect(px(crop, 0, 0)).toEqual([20, 40]);
    expect(px(crop, 39, 39)).toEqual([59, 79]);
  });

  it('solves the affine map through three points and warps with it', () => {
    const shift = affineFromPoints(
      [
        [10, 10],
        [20, 10],
        [10, 20],
      ],
      [
        [0, 0],
        [10, 0],
        [0, 10],
      ],
    );
    expect(shift.map((v) => Math.round(v * 1000) / 1000)).toEqual([1, 0, -10, 0, 1, -10]);
    const warped = warpAffine(ramp(50, 50), shift, 20, 20);
    expect(px(warped, 0, 0)).toEqual([10, 10]);
    expect(px(warped, 5, 7)).toEqual([15, 17]);
    expect(() =>
      affineFromPoints(
        [
          [0, 0],
          [1, 1],
          [2, 2],
        ],
        [
          [0, 0],
          [1, 0],
          [0, 1],
        ],
      ),
    ).toThrow('one line');
  });

  it('lays channels out as planes with mean and scale', () => {
    const planar = toPlanar(
      { width: 2, height: 1, data: Uint8Array.from([255, 0, 127, 0, 255, 127]) },
      [127, 127, 127],
      [128, 128, 128],
    );
    expect(Array.from(planar)).toEqual([1, -127 / 128, -127 / 128, 1, 0, 0]);
  });

  it('gives every byte value of every channel the float of its own formula', () => {
    // All 256 values in each channel, in a different order per channel, with the ImageNet constants.
    const data = new Uint8Array(256 * 3);
    for (let i = 0; i < 256; i++) data.set([i, 255 - i, (i * 7) % 256], i * 3);
    const mean = [0.485, 0.456, 0.406] as const;
    const std = [0.229, 0.224, 0.225] as const;
    const planar = toPlanar({ width: 16, height: 16, data }, mean, std, 255);
    const expected = new Float32Array(256 * 3);
    for (let i = 0; i < 256; i++)
      for (let c = 0; c < 3; c++) expected[c * 256 + i] = (data[i * 3 + c]! / 255 - mean[c]!) / std[c]!;
    expect(planar).toEqual(expected);
  });
});

describe('post-processing', () => {
  it('keeps the best of overlapping boxes and every separate one', () => {
    const a = { x1: 0, y1: 0, x2: 10, y2: 10, score: 0.9 };
    const b = { x1: 1, y1: 1, x2: 11, y2: 11, score: 0.8 };
    const c = { x1: 50, y1: 50, x2: 60, y2: 60, score: 0.7 };
    expect(intersectionOverUnion(a, b)).toBeCloseTo(81 / 119);
    expect(suppressOverlaps([b, c, a], 0.4)).toEqual([a, c]);
  });

  it('measures loudness in dBFS', () => {
    expect(loudnessDbfs(new Float32Array(100).fill(1))).toBeCloseTo(0);
    expect(loudnessDbfs(new Float32Array(100).fill(0.1))).toBeCloseTo(-20);
  });
});
