import { describe, expect, it } from 'vitest';
import { proctoringSummary } from './proctoring-summary';

const interval = (type: string, duration: number, decision: string | null = null) => ({
  type,
  duration,
  review: decision ? { decision } : null,
});

describe('the public proctoring summary', () => {
  it('counts intervals and seconds per type, violations first, dismissed ones left out', () => {
    const summary = proctoringSummary(
      {
        violations: [
          interval('face_missing', 12),
          interval('many_faces', 4),
          interval('face_missing', 30, 'confirmed'),
          interval('many_faces', 9, 'dismissed'),
        ],
        warnings: [
          interval('fullscreen_lost', 3),
          interval('fullscreen_lost', 5),
          interval('internet_lost', 1),
        ],
      },
      71,
    );
    expect(summary).toEqual({
      credibility: 71,
      types: [
        { type: 'face_missing', kind: 'violation', intervals: 2, seconds: 42 },
        { type: 'many_faces', kind: 'violation', intervals: 1, seconds: 4 },
        { type: 'fullscreen_lost', kind: 'warning', intervals: 2, seconds: 8 },
        { type: 'internet_lost', kind: 'warning', intervals: 1, seconds: 1 },
      ],
    });
  });

  it('is an empty list for a clean attempt', () => {
    expect(proctoringSummary({ violations: [], warnings: [] }, 100)).toEqual({ credibility: 100, types: [] });
  });
});
