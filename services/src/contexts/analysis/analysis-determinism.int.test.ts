import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookingAwayPicturePath } from '../../../../models/test/looking-away';
import { loadPicture, testPicturePath } from '../../../../models/test/media';
import { analyzeRecording, type AnalysisResult } from './analyze-recording';
import { analysisSettings } from './settings';
import { composeVideo, FIT, silence, still, type Segment } from './test-video';

/**
 * A re-analysis is a function of the recording: the cascade's reused answers (region-reuse.ts) must not
 * depend on which of the frames analysed together asks first. The same recording is analysed one frame
 * at a time, then with eight frames in flight and every model call delayed at random (two different
 * seeds), and every frame's signal and every interval must be the same. The recording has a student who
 * drifts slowly across the picture (each frame's face region a fraction of a pixel from the previous
 * one's, so whether a frame reuses an answer, and whose, depends on which earlier frame it compares
 * with), still stretches (reused answers), the eyes turned and nobody.
 */
const student = testPicturePath('astronaut');
const segments: Segment[] = [
  { name: 'still', seconds: 3, expect: [], video: still(student, 3), filter: FIT, audio: silence },
  {
    name: 'drifting',
    seconds: 8,
    expect: [],
    video: still(student, 8),
    // A 90 % crop panning by 5 % of the picture over the 8 s: about a third of a pixel a sampled frame.
    filter: `crop=iw*0.9:ih*0.9:x='iw*0.05*t/8':y='ih*0.03*t/8',${FIT}`,
    audio: silence,
  },
  {
    name: 'looking away',
    seconds: 4,
    expect: ['eye_away'],
    video: still(lookingAwayPicturePath(), 4),
    filter: FIT,
    audio: silence,
  },
  {
    name: 'nobody',
    seconds: 2,
    expect: ['face_missing'],
    video: ['-f', 'lavfi', '-t', '2', '-i', 'color=c=gray:s=320x240:r=10'],
    filter: 'null',
    audio: silence,
  },
  { name: 'back', seconds: 3, expect: [], video: still(student, 3), filter: FIT, audio: silence },
];

/** A small seeded generator (mulberry32): the delays differ between the runs, not between test runs. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Delays each model call by 0–25 ms, so concurrent frames finish their steps in a shuffled order. */
const randomDelays = (seed: number) => {
  const random = seeded(seed);
  return (_model: string, _index: number) =>
    new Promise<void>((resolve) => setTimeout(resolve, Math.floor(random() * 25)));
};

let dir: string;
let video: string;
const run = (framesInFlight: number, seed: number | null) =>
  analyzeRecording({
    input: video,
    settings: analysisSettings(null),
    identityPhoto: loadPicture(testPicturePath('astronaut'), 256),
    framesInFlight,
    beforeModelCall: seed === null ? undefined : randomDelays(seed),
  });

/** What must not change from run to run: the intervals, every frame's signal and the cascade's counts. */
const outcome = (result: AnalysisResult) => ({
  intervals: result.intervals,
  signals: result.signals,
  cascade: result.cascade,
});

let inOrder: AnalysisResult;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sabaq-determinism-'));
  video = path.join(dir, 'drift.webm');
  composeVideo(video, segments);
  inOrder = await run(1, null);
}, 300_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('re-analysis is deterministic', () => {
  it('reuses answers on this recording (so the runs below test the reuse) and finds its violations', () => {
    expect(inOrder.cascade['head-pose']!.looked).toBeLessThan(inOrder.cascade['head-pose']!.of);
    expect(inOrder.cascade['head-pose']!.looked).toBeGreaterThan(2);
    const types = new Set(inOrder.intervals.map((i) => i.type));
    expect(types).toContain('eye_away');
    expect(types).toContain('face_missing');
  });

  it.each([11, 29])(
    'gives the same frames and intervals with eight frames in flight and random delays (seed %i)',
    async (seed) => {
      const shuffled = await run(8, seed);
      expect(outcome(shuffled)).toEqual(outcome(inOrder));
    },
    300_000,
  );
});
