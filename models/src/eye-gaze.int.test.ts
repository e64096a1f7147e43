import { beforeAll, describe, expect, it } from 'vitest';
import { lookingAwayPicturePath } from '../test/looking-away';
import { loadPicture, testPicturePath, type TestPicture } from '../test/media';
import { eyeGaze, type Gaze, type IrisModel } from './eye-gaze';
import { detectFaces } from './face-detector';
import { faceLandmarks } from './face-landmarks';
import { headPose } from './head-pose';
import type { RgbImage } from './image';
import { serverSession } from './node-sessions';
import type { ModelSession } from './runtime';
import { serverIrisModel } from './tfjs-session';

/**
 * MediaPipe Iris (TensorFlow.js, WASM backend, in a worker thread) on eye crops from the 68 landmarks,
 * on real pictures of people looking at the camera, and on astronaut.png with its irises moved sideways
 * by pixel code (models/test/looking-away.ts), the only picture of someone looking away.
 */
let detector: ModelSession;
let landmarks: ModelSession;
let pose: ModelSession;
let iris: IrisModel;

beforeAll(async () => {
  [detector, landmarks, pose, iris] = await Promise.all([
    serverSession('face-detect-rfb320'),
    serverSession('face-landmarks-68'),
    serverSession('head-pose'),
    serverIrisModel(),
  ]);
}, 60_000);

async function gazes(image: RgbImage): Promise<Gaze[]> {
  const faces = await detectFaces(detector, image);
  return Promise.all(faces.map(async (f) => eyeGaze(iris, image, await faceLandmarks(landmarks, image, f))));
}

/** The server's default threshold (settings.ts: 0.4 × 0.5). */
const AWAY = 0.2;

describe('eyes away', () => {
  it.each<[TestPicture, number | undefined]>([
    ['astronaut', undefined],
    ['astronaut', 320],
    ['fourFaces', undefined],
  ])(
    'reads people looking at the camera (%s at width %s) as not away',
    async (name, width) => {
      for (const mirrored of [false, true]) {
        const found = await gazes(loadPicture(testPicturePath(name), width, mirrored));
        expect(found.length).toBeGreaterThan(0);
        for (const gaze of found) {
          expect(Math.abs(gaze.horizontal), JSON.stringify(gaze.horizontal)).toBeLessThan(AWAY);
          expect(gaze.openness).toBeGreaterThan(0.15);
          // Both irises sit between their corners, about in the middle.
          for (const eye of gaze.eyes) {
            expect(eye.horizontal).toBeGreaterThan(0.3);
            expect(eye.horizontal).toBeLessThan(0.7);
          }
        }
      }
    },
    60_000,
  );

  it('reads the irises moved to the picture’s left as away, and mirrored as away to the right', async () => {
    const [left] = await gazes(loadPicture(lookingAwayPicturePath()));
    expect(left!.horizontal).toBeLessThan(-AWAY);
    const [right] = await gazes(loadPicture(lookingAwayPicturePath(), undefined, true));
    expect(right!.horizontal).toBeGreaterThan(AWAY);
    // At the accuracy video's size too (the face about 110 pixels high).
    const [small] = await gazes(loadPicture(lookingAwayPicturePath(), 320));
    expect(small!.horizontal).toBeLessThan(-AWAY);
    expect(small!.width).toBeGreaterThan(5);
  }, 60_000);

  it('changes only the eyes: the head is as frontal as in the original', async () => {
    const original = loadPicture(testPicturePath('astronaut'));
    const moved = loadPicture(lookingAwayPicturePath());
    const [face] = await detectFaces(detector, moved);
    const [before] = await detectFaces(detector, original);
    const a = await headPose(pose, original, before!);
    const b = await headPose(pose, moved, face!);
    expect(Math.abs(b.yaw - a.yaw)).toBeLessThan(2);
    expect(Math.abs(b.pitch - a.pitch)).toBeLessThan(2);
    // Every changed pixel is inside one of the two eyes' boxes.
    const [gaze] = await gazes(original);
    const boxes = gaze!.eyes.map((e) => {
      const xs = e.lids.map((p) => p[0]);
      const ys = e.lids.map((p) => p[1]);
      return {
        x1: Math.min(...xs) - 2,
        x2: Math.max(...xs) + 2,
        y1: Math.min(...ys) - 2,
        y2: Math.max(...ys) + 2,
      };
    });
    let changed = 0;
    for (let i = 0; i < original.data.length; i += 3) {
      if (original.data.subarray(i, i + 3).every((v, k) => v === moved.data[i + k])) continue;
      changed += 1;
      const x = (i / 3) % original.width;
      const y = Math.floor(i / 3 / original.width);
      expect(
        boxes.some((b) => x >= b.x1 && x <= b.x2 && y >= b.y1 && y <= b.y2),
        `${x},${y}`,
      ).toBe(true);
    }
    expect(changed).toBeGreaterThan(50);
  }, 60_000);
});
