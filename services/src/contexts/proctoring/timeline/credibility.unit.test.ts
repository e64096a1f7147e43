import { describe, expect, it } from 'vitest';
import type { Timeline, TimelineInterval } from './build-timeline';
import { credibility } from './credibility';

const interval = (
  type: string,
  duration: number,
  kind: TimelineInterval['kind'] = 'violation',
  decision?: 'confirmed' | 'dismissed',
): TimelineInterval => ({
  key: `${type}:${duration}`,
  type,
  kind,
  start: '2026-05-20T09:00:00.000Z',
  end: '2026-05-20T09:00:00.000Z',
  duration,
  duration_class: 'seconds',
  duration_text: '',
  signals: 1,
  sources: ['client'],
  review: decision ? { decision, note: null, reviewer_id: 'p', reviewed_at: 'x' } : null,
});
const timeline = (...intervals: TimelineInterval[]): Timeline => ({
  violations: intervals.filter((i) => i.kind === 'violation'),
  warnings: intervals.filter((i) => i.kind === 'warning'),
  dropped: 0,
});

describe('the credibility score', () => {
  it('is 100 with nothing seen, and nothing left to review', () => {
    expect(credibility(timeline())).toEqual({
      score: 100,
      contributions: [],
      range: { min: 100, max: 100 },
      unreviewed: 0,
    });
  });

  it('costs weight × (1 + minutes) × certainty per violation, weight × certainty per warning', () => {
    // face_missing weight 6, 120 s, unreviewed: 6 × 3 × 0.5 = 9; second_monitor 8 × 0.5 = 4.
    const result = credibility(
      timeline(interval('face_missing', 120), interval('second_monitor', 0, 'warning')),
    );
    expect(result.contributions).toEqual([
      { action_type: 'face_missing', kind: 'violation', intervals: 1, seconds: 120, points: 9 },
      { action_type: 'second_monitor', kind: 'warning', intervals: 1, seconds: 0, points: 4 },
    ]);
    expect(result.score).toBe(87);
    expect(result.range).toEqual({ min: 74, max: 100 });
  });

  it('counts confirmed intervals whole and dismissed ones not at all', () => {
    const confirmed = credibility(timeline(interval('face_mismatch', 0, 'violation', 'confirmed')));
    const dismissed = credibility(timeline(interval('face_mismatch', 0, 'violation', 'dismissed')));
    expect(confirmed.score).toBe(85);
    expect(dismissed.score).toBe(100);
    expect(confirmed.range).toEqual({ min: 85, max: 85 });
    expect(confirmed.unreviewed + dismissed.unreviewed).toBe(0);
  });

  it('caps each type at 40 points and durations at ten minutes, and never goes below 0', () => {
    const long = credibility(timeline(interval('head_turned', 3600, 'violation', 'confirmed')));
    expect(long.contributions[0]!.points).toBe(33); // 3 × (1 + 10)
    const many = Array.from({ length: 10 }, (_, i) =>
      interval('many_faces', 60 + i, 'violation', 'confirmed'),
    );
    expect(credibility(timeline(...many)).contributions[0]!.points).toBe(40);
    const everything = ['face_mismatch', 'many_faces', 'prohibited_objects'].map((t) =>
      interval(t, 600, 'violation', 'confirmed'),
    );
    expect(credibility(timeline(...everything)).score).toBe(0);
  });
});
