import { describe, expect, it } from 'vitest';
import type { RgbImage } from './image';
import { decodeObjects, letterbox } from './object-detector';

/** A width × height picture of one colour. */
function plain(width: number, height: number, rgb: [number, number, number]): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < data.length; i += 3) data.set(rgb, i);
  return { width, height, data };
}
const at = (input: Float32Array, size: number, x: number, y: number) =>
  Array.from(input.subarray((y * size + x) * 3, (y * size + x) * 3 + 3));

describe('object detector pre-processing', () => {
  it('letterboxes a 4:3 webcam frame into the square: scaled to fit, centred, black around', () => {
    const box = letterbox(plain(320, 240, [200, 100, 50]), 512);
    expect(box.scale).toBe(1.6);
    expect(box.padX).toBe(0);
    expect(box.padY).toBe(64);
    expect(at(box.input, 512, 256, 32)).toEqual([0, 0, 0]);
    expect(at(box.input, 512, 256, 256)).toEqual([200, 100, 50]);
    expect(at(box.input, 512, 0, 64)).toEqual([200, 100, 50]);
    expect(at(box.input, 512, 511, 447)).toEqual([200, 100, 50]);
    expect(at(box.input, 512, 511, 448)).toEqual([0, 0, 0]);
  });

  it('keeps a tall picture upright, padded left and right', () => {
    const box = letterbox(plain(100, 200, [10, 20, 30]), 512);
    expect(box.scale).toBe(2.56);
    expect(box.padX).toBe(128);
    expect(at(box.input, 512, 127, 100)).toEqual([0, 0, 0]);
    expect(at(box.input, 512, 128, 100)).toEqual([10, 20, 30]);
  });
});

describe('object detector post-processing', () => {
  const image = { width: 320, height: 240 };
  const boxed = { scale: 1.6, padX: 0, padY: 64 };
  /** One detection row: corners in the 512 square, score, COCO class. */
  const row = (x1: number, y1: number, x2: number, y2: number, score: number, cls: number) => [
    x1,
    y1,
    x2,
    y2,
    score,
    cls,
  ];

  it('keeps phones, laptops and remotes above their threshold, in picture pixels, best first', () => {
    const detections = Float32Array.from([
      ...row(0, 64, 160, 224, 0.9, 0), // a person: not prohibited
      ...row(256, 224, 416, 384, 0.31, 67), // a phone
      ...row(16, 80, 96, 160, 0.2, 63), // a laptop below the threshold
      ...row(320, 64, 480, 160, 0.5, 65), // a remote
    ]);
    const found = decodeObjects(detections, boxed, image, { minScore: { laptop: 0.25 } });
    expect(found.map((o) => o.label)).toEqual(['remote', 'cell phone']);
    expect(found[1]).toMatchObject({ x1: 160, y1: 100, x2: 260, y2: 200 });
    expect(found[1]!.score).toBeCloseTo(0.31, 5);
    expect(decodeObjects(detections, boxed, image, { minScore: { 'cell phone': 0.35 } })).toHaveLength(1);
  });

  it('counts one object once when it peaks in two classes, named by the better one', () => {
    const detections = Float32Array.from([
      ...row(256, 224, 416, 384, 0.38, 67),
      ...row(250, 220, 420, 380, 0.32, 63),
      ...row(0, 64, 100, 164, 0.3, 63), // another laptop elsewhere
    ]);
    expect(decodeObjects(detections, boxed, image).map((o) => o.label)).toEqual(['cell phone', 'laptop']);
  });

  it('clamps boxes reaching into the padding to the picture', () => {
    const found = decodeObjects(Float32Array.from(row(-5, 10, 530, 500, 0.9, 67)), boxed, image);
    expect(found[0]).toMatchObject({ x1: 0, y1: 0, x2: 320, y2: 240 });
  });
});
