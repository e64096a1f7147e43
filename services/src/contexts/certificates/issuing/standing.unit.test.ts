import { describe, expect, it } from 'vitest';
import { emptyWork, foldWork, standingFrom, standingOfWork, type WorkState } from './standing';

const now = new Date('2026-05-01T10:00:00Z');
const started = (attempt: string, endsAt: string | null = null) => ({
  type: 'AssignmentAttemptStarted',
  data: { attempt_id: attempt, ends_at: endsAt },
});
const finished = (attempt: string) => ({ type: 'AssignmentAttemptFinished', data: { attempt_id: attempt } });
const scored = (score: number) => ({ type: 'AssignmentScoreCalculated', data: { score } });

describe("a student's standing for certificates", () => {
  it('is finished once an attempt finished, with the latest score', () => {
    expect(standingFrom([started('a'), scored(1), finished('a'), scored(2)], 4, now)).toEqual({
      finished: true,
      score: 2,
      maxPoints: 4,
    });
  });

  it('is not finished while an attempt runs, even after an earlier one finished', () => {
    const work = [started('a'), scored(0), finished('a'), started('b'), scored(4)];
    expect(standingFrom(work, 4, now)).toMatchObject({ finished: false, score: 4 });
    expect(standingFrom([...work, finished('b')], 4, now).finished).toBe(true);
  });

  it('a reopened attempt runs again until it finishes again', () => {
    const reopened = { type: 'AssignmentAttemptReopened', data: { attempt_id: 'a', ends_at: null } };
    expect(standingFrom([started('a'), finished('a'), reopened], 4, now).finished).toBe(false);
    expect(standingFrom([started('a'), finished('a'), reopened, finished('a')], 4, now).finished).toBe(true);
  });

  it('an attempt whose time ran out is over without its finish recorded', () => {
    expect(standingFrom([started('a', '2026-05-01T09:59:59Z')], 4, now).finished).toBe(true);
    expect(standingFrom([started('a', '2026-05-01T10:00:01Z')], 4, now).finished).toBe(false);
    const extended = {
      type: 'AssignmentStudentTimeAdjusted',
      data: { attempt_id: 'a', ends_at: '2026-05-01T10:30:00Z' },
    };
    expect(standingFrom([started('a', '2026-05-01T09:59:59Z'), extended], 4, now).finished).toBe(false);
  });

  it('the teacher finishing the student finishes them, until they are restored', () => {
    const byTeacher = { type: 'AssignmentStudentFinished', data: {} };
    const restored = { type: 'AssignmentStudentRestored', data: {} };
    expect(standingFrom([byTeacher], 4, now).finished).toBe(true);
    expect(standingFrom([byTeacher, restored], 4, now).finished).toBe(false);
    expect(standingFrom([], 4, now)).toEqual({ finished: false, score: null, maxPoints: 4 });
  });

  it('folded one event at a time through stored JSON, as the course process keeps it, says the same', () => {
    const work = [started('a', '2026-05-01T09:59:59Z'), scored(1), started('b'), scored(3), finished('b')];
    let state: WorkState = emptyWork;
    for (const event of work) state = JSON.parse(JSON.stringify(foldWork(state, event))) as WorkState;
    expect(standingOfWork(state, 4, now)).toEqual(standingFrom(work, 4, now));
    expect(standingOfWork(state, 4, now)).toEqual({ finished: true, score: 3, maxPoints: 4 });
    // Events of other kinds leave the state untouched.
    expect(foldWork(state, { type: 'AssignmentResultRecorded', data: {} })).toBe(state);
  });
});
