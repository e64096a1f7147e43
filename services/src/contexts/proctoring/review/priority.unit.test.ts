import { describe, expect, it } from 'vitest';
import type { Credibility } from '../timeline/credibility';
import { orderQueue, reviewPriority } from './priority';

const cred = (score: number, min: number, max: number): Credibility => ({
  score,
  contributions: [],
  range: { min, max },
  unreviewed: max > min ? 1 : 0,
});

describe('the review queue', () => {
  it('gives a reviewed attempt nothing to gain', () => {
    expect(
      reviewPriority({ attemptId: 'a', credibility: cred(30, 30, 30), points: 10, maxPoints: 10 }),
    ).toEqual({
      priority: 0,
      decisive: false,
      stakes: 1,
    });
  });

  it('doubles the weight of a review that decides the outcome, and weighs by stakes', () => {
    expect(
      reviewPriority({ attemptId: 'a', credibility: cred(60, 40, 80), points: 10, maxPoints: 10 }),
    ).toEqual({
      priority: 80,
      decisive: true,
      stakes: 1,
    });
    expect(
      reviewPriority({ attemptId: 'a', credibility: cred(80, 70, 90), points: 0, maxPoints: 10 }),
    ).toEqual({
      priority: 10,
      decisive: false,
      stakes: 0,
    });
    expect(
      reviewPriority({ attemptId: 'a', credibility: cred(80, 70, 90), points: 3, maxPoints: 0 }).stakes,
    ).toBe(1);
  });

  it('puts a borderline top mark before a surely bad attempt that sorting by score would put first', () => {
    const surelyBad = { attemptId: 'bad', credibility: cred(5, 0, 10), points: 10, maxPoints: 10 };
    const borderline = { attemptId: 'border', credibility: cred(62, 50, 75), points: 9, maxPoints: 10 };
    const clean = { attemptId: 'clean', credibility: cred(100, 100, 100), points: 10, maxPoints: 10 };
    expect(orderQueue([clean, surelyBad, borderline]).map((c) => c.attemptId)).toEqual([
      'border',
      'bad',
      'clean',
    ]);
  });
});
