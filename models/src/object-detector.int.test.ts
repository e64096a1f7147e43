import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPicture, testPicturePath } from '../test/media';
import { detectObjects, type ObjectModel } from './object-detector';
import { serverObjectModel } from './tfjs-session';

/**
 * The CenterNet object detector (TensorFlow.js, WASM backend, in a worker thread) on real pictures from
 * Debian packages: the phone on the table of opencv-doc's yolo.jpg, the same phone shown to a 320 × 240
 * webcam beside a face, and pictures with no phone, laptop or remote at all. At the graph's own 512
 * input and at the 384 the server's re-analysis loads it with (its size constants rewritten).
 */
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sabaq-objects-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each([512, 384])('prohibited object detection at %i', (size) => {
  let model: ObjectModel;
  beforeAll(async () => {
    model = await serverObjectModel('objects-centernet', size);
  }, 60_000);

  it('finds the phone on the table where it lies', async () => {
    const image = loadPicture(testPicturePath('phoneOnTable'));
    const found = await detectObjects(model, image);
    const phone = found.find((o) => o.label === 'cell phone');
    expect(phone, JSON.stringify(found)).toBeDefined();
    // The phone lies in the lower left of the 1032 × 829 picture, about x 120–400, y 530–750.
    expect(phone!.x1).toBeGreaterThan(80);
    expect(phone!.x1).toBeLessThan(170);
    expect(phone!.x2).toBeGreaterThan(350);
    expect(phone!.x2).toBeLessThan(450);
    expect(phone!.y1).toBeGreaterThan(480);
    expect(phone!.y2).toBeLessThan(800);
    expect(phone!.score).toBeGreaterThanOrEqual(0.25);
  }, 30_000);

  it('finds a phone held up to a small webcam', async () => {
    const frame = path.join(dir, 'webcam.png');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-i', testPicturePath('astronaut'), '-i', testPicturePath('phoneOnTable')],
      '-filter_complex',
      '[0]scale=320:240:force_original_aspect_ratio=decrease,pad=320:240:(ow-iw)/2:(oh-ih)/2:color=gray[a];' +
        '[1]crop=265:195:128:545,scale=170:-2[p];[a][p]overlay=140:110',
      ...['-frames:v', '1', frame],
    ]);
    const found = await detectObjects(model, loadPicture(frame));
    expect(found[0], JSON.stringify(found)).toMatchObject({ label: 'cell phone' });
    // The phone fills x 140–310, y 110–235 of the frame.
    expect(found[0]!.x1).toBeGreaterThan(120);
    expect(found[0]!.x2).toBeGreaterThan(280);
    expect(found[0]!.y1).toBeGreaterThan(90);
    expect(found[0]!.y1).toBeLessThan(140);
  }, 30_000);

  it('finds nothing prohibited in pictures of people without one', async () => {
    const pictures = (['astronaut', 'messi', 'fourFaces'] as const).map((p) =>
      loadPicture(testPicturePath(p)),
    );
    // Three at once: the worker answers each request, in any order.
    const found = await Promise.all(pictures.map((image) => detectObjects(model, image)));
    expect(found).toEqual([[], [], []]);
  }, 60_000);
});
