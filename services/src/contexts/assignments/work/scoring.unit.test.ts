import { describe, expect, it } from 'vitest';
import { roundUp, studentScore, type Review, type ScoredAttempt } from './scoring';

const attempt = (id: string, ...points: number[]): ScoredAttempt => ({
  id,
  results: points.map((p, i) => ({ resultId: `${id}-r${i}`, points: p })),
});

describe('the score', () => {
  it('is nothing until something was answered', () => {
    expect(studentScore([attempt('a1')], [], { method: 'sum', questionCount: 3 }).score).toBeNull();
  });

  it('sums an attempt’s points, or averages them over the assignment’s questions, rounded up', () => {
    const work = [attempt('a1', 2, 0)];
    expect(studentScore(work, [], { method: 'sum', questionCount: 3 }).score).toBe(2);
    // 2 / 3 = 0.67 → 1
    expect(studentScore(work, [], { method: 'avg', questionCount: 3 }).score).toBe(1);
    expect(studentScore([attempt('a1', 1.5)], [], { method: 'sum', questionCount: 1 }).score).toBe(2);
  });

  it('counts the best attempt', () => {
    const result = studentScore([attempt('a1', 1), attempt('a2', 1, 2)], [], {
      method: 'sum',
      questionCount: 2,
    });
    expect(result).toEqual({
      score: 3,
      attempts: [
        { attempt_id: 'a1', points: 1 },
        { attempt_id: 'a2', points: 3 },
      ],
    });
  });

  it('takes the latest reviewer’s points over the student’s own; one reviewer’s score uses theirs only', () => {
    const reviews: Review[] = [
      { resultId: 'a1-r0', reviewerId: 't1', points: 4, order: 1 },
      { resultId: 'a1-r0', reviewerId: 't2', points: 5, order: 2 },
    ];
    const work = [attempt('a1', 0, 1)];
    expect(studentScore(work, reviews, { method: 'sum', questionCount: 2 }).score).toBe(6);
    expect(studentScore(work, reviews, { method: 'sum', questionCount: 2 }, 't1').score).toBe(5);
  });

  it('rounds up without floating-point noise, and never to -0', () => {
    expect(roundUp(0.1 + 0.2)).toBe(1);
    expect(roundUp((0.1 * 3) / 0.1)).toBe(3);
    expect(Object.is(roundUp(-0.5), 0)).toBe(true);
  });
});
