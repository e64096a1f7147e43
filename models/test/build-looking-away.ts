/**
 * Builds the looking-away picture (looking-away.ts): `node --import tsx build-looking-away.ts <out.png>`.
 * Finds the astronaut's face, its 68 landmarks and, with the iris model, each iris and the lids, then
 * moves both irises sideways and writes a PNG through ffmpeg. Deterministic: the same models on the
 * same picture give the same pixels.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { eyeGaze } from '../src/eye-gaze';
import { detectFaces } from '../src/face-detector';
import { faceLandmarks } from '../src/face-landmarks';
import { serverSession } from '../src/node-sessions';
import { serverIrisModel } from '../src/tfjs-session';
import { LOOK_AWAY_SHIFT, moveIrises } from './looking-away';
import { loadPicture, testPicturePath } from './media';

const target = process.argv[2];
if (!target) throw new Error('usage: build-looking-away.ts <out.png>');
const image = loadPicture(testPicturePath('astronaut'));
const [face] = await detectFaces(await serverSession('face-detect-rfb320'), image);
if (!face) throw new Error('no face found on astronaut.png');
const landmarks = await faceLandmarks(await serverSession('face-landmarks-68'), image, face);
const gaze = await eyeGaze(await serverIrisModel(), image, landmarks);
const width =
  gaze.eyes.reduce((s, e) => s + Math.hypot(e.inner[0] - e.outer[0], e.inner[1] - e.outer[1]), 0) / 2;
const moved = moveIrises(image, gaze.eyes, -LOOK_AWAY_SHIFT * width);
mkdirSync(path.dirname(target), { recursive: true });
// Per process: two test files may build it at once, and each renames its own complete file into place.
const partial = `${target}.${process.pid}.partial.png`;
execFileSync(
  'ffmpeg',
  [
    ...['-v', 'error', '-y', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${image.width}x${image.height}`],
    ...['-i', '-', '-frames:v', '1', partial],
  ],
  { input: moved.data },
);
renameSync(partial, target);
process.exit(0);
