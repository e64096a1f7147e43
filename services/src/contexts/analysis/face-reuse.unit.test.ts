import { describe, expect, it } from 'vitest';
import type { RgbImage } from '@sabaq/models/node';
import { FaceDetections, type FaceDetection } from './face-reuse';
import { sceneSignature } from './scene-change';

/** A 64 × 48 grey frame, with an optional bright square (someone coming in) at its corner. */
const frame = (grey: number, square = 0): RgbImage => {
  const width = 64;
  const height = 48;
  const data = new Uint8Array(width * height * 3).fill(grey);
  for (let y = 0; y < square; y++)
    for (let x = 0; x < square; x++) data.fill(250, (y * width + x) * 3, (y * width + x) * 3 + 3);
  return { width, height, data };
};

/** Runs the frames through one FaceDetections in order; returns which frame's detection each got. */
const decide = (frames: RgbImage[], maxAgeFrames: number) => {
  const detections = new FaceDetections(maxAgeFrames);
  const owners = frames.map((image, index) => {
    const { detection, own } = detections.detection(index, sceneSignature(image), () =>
      Promise.resolve({ candidates: [], stretched: false, image, index } as FaceDetection & {
        index: number;
      }),
    );
    return { detection, own };
  });
  return { detections, owners };
};

describe('face detection reuse', () => {
  it('reuses the last detection on an unchanged picture, within the codec flicker', async () => {
    const { detections, owners } = decide([frame(100), frame(102), frame(99), frame(101)], 10);
    // The first frame has no frame before it: not settled, so the second runs too.
    expect(owners.map((o) => o.own)).toEqual([true, true, false, false]);
    expect(((await owners[3]!.detection) as unknown as { index: number }).index).toBe(1);
    expect([detections.ran, detections.reused]).toEqual([2, 2]);
  });

  it('runs again where someone comes into a corner of a still picture', () => {
    const { owners } = decide(
      [frame(100), frame(100), frame(100), frame(100, 16), frame(100, 16), frame(100, 16)],
      10,
    );
    // The frame where they come in runs, and so does the next (the picture is settling).
    expect(owners.map((o) => o.own)).toEqual([true, true, false, true, true, false]);
  });

  it('compares with the frame it last ran on, so a slow drift adds up and is seen', () => {
    // Each frame 5 levels brighter than the one before: never 8 from its neighbour, 10 from frame 1.
    const { owners } = decide([frame(100), frame(100), frame(105), frame(110), frame(115)], 10);
    expect(owners.map((o) => o.own)).toEqual([true, true, false, true, false]);
  });

  it('runs again at least every maxAgeFrames, and on every frame when that is negative', () => {
    const still = Array.from({ length: 7 }, () => frame(100));
    expect(decide(still, 2).owners.map((o) => o.own)).toEqual([true, true, false, false, true, false, false]);
    expect(decide(still, -1).owners.every((o) => o.own)).toBe(true);
  });
});

describe('face detection reuse, frames that need their own faces', () => {
  it('runs the detector on them even on an unchanged picture, and reuses theirs afterwards', async () => {
    const detections = new FaceDetections(10);
    const still = frame(100);
    const own = [false, false, true, false, false].map((needsOwn, index) => {
      const found = detections.detection(
        index,
        sceneSignature(still),
        () => Promise.resolve({ candidates: [], stretched: false, image: still }),
        needsOwn,
      );
      return found.own;
    });
    expect(own).toEqual([true, true, true, false, false]);
  });
});
