import { describe, expect, it } from 'vitest';
import type { AnswerResult, Attempt } from './model';
import { countedPoints, studentRows } from './work-summary';

const attempt = (id: string, student: string, number: number, status: Attempt['status']): Attempt => ({
  id,
  assignment_id: 'a',
  student_id: student,
  number,
  status,
  points: 0,
  started_at: '2026-01-01T00:00:00Z',
  ends_at: null,
  finished_at: null,
  finish_reason: null,
});
const result = (id: string, student: string, code: AnswerResult['result'], points = 0): AnswerResult => ({
  id,
  assignment_attempt_id: 'x',
  student_id: student,
  component_id: id,
  component_type: 'free',
  answer: { text: '' },
  result: code,
  points,
});

describe('studentRows', () => {
  it('gives every student a row, with their attempts in order, the active one, the score and what waits for review', () => {
    const rows = studentRows(['s1', 's2'], {
      attempts: [attempt('b', 's1', 2, 'active'), attempt('a', 's1', 1, 'finished')],
      results: [result('r1', 's1', 1), result('r2', 's1', 1), result('r3', 's1', 3)],
      reviews: [{ id: 'v', assignment_result_id: 'r1', points: 2, result: 3 }],
      scores: [{ id: 'sc', student_id: 's1', score: 4 }],
    });
    expect(rows[0]).toMatchObject({ studentId: 's1', score: 4, toReview: 1 });
    expect(rows[0]!.attempts.map((a) => a.id)).toEqual(['a', 'b']);
    expect(rows[0]!.active?.id).toBe('b');
    expect(rows[1]).toMatchObject({ studentId: 's2', score: null, toReview: 0, latest: undefined });
  });
});

describe('countedPoints', () => {
  it("takes the latest review's points over the result's own", () => {
    const r = result('r', 's', 1, 0);
    expect(countedPoints(r, [])).toBe(0);
    expect(
      countedPoints(r, [
        { id: '1', assignment_result_id: 'r', points: 2, result: 3 },
        { id: '2', assignment_result_id: 'r', points: 4, result: 3 },
      ]),
    ).toBe(4);
  });
});
