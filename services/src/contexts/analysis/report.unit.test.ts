import { describe, expect, it } from 'vitest';
import { aiCredibility, diffReports, intervalView, summarize, type ReportInterval } from './report';

const interval = (over: Partial<ReportInterval>): ReportInterval => ({
  type: 'face_missing',
  start: 0,
  end: 6,
  confidence: 1,
  peak: 1,
  thumb_key: null,
  ...over,
});

describe('the AI report', () => {
  it('shows each interval with its duration as HH:mm:ss and its class', () => {
    expect(intervalView(interval({ start: 10, end: 95.5 }))).toMatchObject({
      duration: 85.5,
      duration_text: '00:01:26',
      duration_class: 'minutes',
    });
  });

  it('summarises count, total time and strongest confidence per type, longest first', () => {
    const summary = summarize([
      interval({ start: 0, end: 6, peak: 0.7 }),
      interval({ start: 20, end: 23, peak: 0.9 }),
      interval({ type: 'speech', start: 30, end: 60, peak: 0.95 }),
    ]);
    expect(summary).toEqual([
      { type: 'speech', count: 1, total_seconds: 30, total_text: '00:00:30', strongest: 0.95 },
      { type: 'face_missing', count: 2, total_seconds: 9, total_text: '00:00:09', strongest: 0.9 },
    ]);
  });

  it('scores credibility from weights, durations and confidences, each type capped', () => {
    // face_mismatch weighs 15: 15 × (1 + 60/60) × 0.5 = 15 points.
    expect(aiCredibility([interval({ type: 'face_mismatch', start: 0, end: 60, confidence: 0.5 })])).toEqual({
      score: 85,
      contributions: [{ type: 'face_mismatch', intervals: 1, seconds: 60, points: 15 }],
    });
    // Ten minutes of many faces would cost 10 × 11 = 110: the type's cap is 40.
    const capped = aiCredibility([interval({ type: 'many_faces', start: 0, end: 600 })]);
    expect(capped.contributions[0]!.points).toBe(40);
    expect(capped.score).toBe(60);
    expect(aiCredibility([]).score).toBe(100);
  });

  it('diffs a re-run against the previous run', () => {
    const before = [interval({}), interval({ type: 'noise', start: 30, end: 36, confidence: 0.6 })];
    const after = [
      interval({ start: 0.2, end: 6 }),
      interval({ type: 'noise', start: 30, end: 40, confidence: 0.6 }),
      interval({ type: 'speech', start: 50, end: 55 }),
    ];
    const diff = diffReports(1, before, after);
    expect(diff.previous_run).toBe(1);
    expect(diff.added.map((i) => i.type)).toEqual(['speech']);
    expect(diff.removed).toEqual([]);
    // Moved by less than half a second: the same finding; the noise interval grew by 4 s: changed.
    expect(diff.changed.map((c) => [c.type, c.before.end, c.after.end])).toEqual([['noise', 36, 40]]);
    expect(diffReports(1, after, before).removed.map((i) => i.type)).toEqual(['speech']);
    expect(diff.score_after).toBeLessThan(diff.score_before);
  });
});
