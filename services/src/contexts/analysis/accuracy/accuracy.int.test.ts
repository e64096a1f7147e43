import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeRecording, type AnalysisResult } from '../analyze-recording';
import { analysisSettings } from '../settings';
import { composeVideo, type TimedSegment } from '../test-video';
import { ACCURACY_RECORDINGS } from './recordings';
import { scoreDetectors } from './score';

/**
 * One of the accuracy recordings (the others are in `npm run bench -- ai`): a man in changing light,
 * voices in two languages over noise and music-like tones, music alone, someone coming in for 3 s,
 * someone else in the seat. Floors on each detector's precision and recall, so a regression fails.
 */
const recording = ACCURACY_RECORDINGS.find((r) => r.name === 'lighting_and_voices')!;
let dir: string;
let segments: TimedSegment[];
let result: AnalysisResult;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sabaq-accuracy-'));
  const video = path.join(dir, `${recording.name}.webm`);
  segments = composeVideo(video, recording.segments());
  result = await analyzeRecording({
    input: video,
    settings: analysisSettings(null),
    identityPhoto: recording.identityPhoto(),
  });
}, 400_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe(`accuracy recording "${recording.name}"`, () => {
  it('finds every detector its truth holds, and reports little outside it', () => {
    const scores = scoreDetectors(segments, result.intervals);
    const expected = new Set(segments.flatMap((s) => s.expect));
    expect([...expected].sort()).toEqual(['face_mismatch', 'many_faces', 'noise', 'speech']);
    for (const score of scores) {
      const context = `${score.type}: ${JSON.stringify(score)} in ${JSON.stringify(result.intervals)}`;
      if (expected.has(score.type)) expect(score.recall, context).toBeGreaterThanOrEqual(0.8);
      // A detector with no truth here must report nothing at all (low light is not "nobody").
      else expect(score.reportedSeconds, context).toBe(0);
      if (score.precision !== null) expect(score.precision, context).toBeGreaterThanOrEqual(0.8);
    }
  });

  it('never calls speech noise nor noise speech, and starts speech with the voice', () => {
    const speech = result.intervals.filter((i) => i.type === 'speech');
    const noise = result.intervals.filter((i) => i.type === 'noise');
    for (const segment of segments.filter((s) => s.expect.includes('speech'))) {
      const voice = segment.truth!.speech!;
      const heard = speech.filter((i) => i.end > voice.start && i.start < voice.end);
      expect(heard.length, `${segment.name}: ${JSON.stringify(speech)}`).toBeGreaterThan(0);
      // Within a second of the voice, whatever is under it (noise, tones, another speaker before).
      expect(Math.min(...heard.map((i) => i.start)), segment.name).toBeLessThanOrEqual(voice.start + 1);
      const calledNoise = noise.filter((i) => i.end > voice.start + 0.5 && i.start < voice.end - 0.5);
      expect(calledNoise, `${segment.name}: ${JSON.stringify(noise)}`).toEqual([]);
    }
    const music = segments.find((s) => s.expect.includes('noise'))!;
    expect(speech.filter((i) => i.end > music.start + 1 && i.start < music.end - 1)).toEqual([]);
    expect(noise.some((i) => i.end > music.start && i.start < music.end)).toBe(true);
  });
});
