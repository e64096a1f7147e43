import { describe, expect, it } from 'vitest';
import { courseEarned, courseIssueType, courseStanding } from './course-rule';
import type { StudentStanding } from './issue-rule';

const done = (score: number | null, maxPoints = 10): StudentStanding => ({
  finished: true,
  score,
  maxPoints,
});
const going = (score: number | null, maxPoints = 10): StudentStanding => ({
  finished: false,
  score,
  maxPoints,
});
const settings = (issueType?: string, conditions?: unknown[]) => ({
  certificate: issueType === undefined ? {} : { issue_type: issueType },
  ...(conditions ? { scenario_settings: { conditions } } : {}),
});

describe("a course's certificate", () => {
  it('is finished only when every one of its assignments is, and never with none', () => {
    expect(courseStanding([done(4), done(6, 20)])).toEqual({ finished: true, score: 10, maxPoints: 30 });
    expect(courseStanding([done(4), going(6)]).finished).toBe(false);
    expect(courseStanding([])).toEqual({ finished: false, score: null, maxPoints: 0 });
    // A score not yet calculated counts as nothing in the sum; none at all is no score.
    expect(courseStanding([done(null), done(3)]).score).toBe(3);
    expect(courseStanding([done(null), done(null)]).score).toBeNull();
  });

  it('auto-all issues on finishing the last assignment, whatever the scores', () => {
    expect(courseEarned(settings('auto-all'), [done(0), going(0)])).toBe(false);
    expect(courseEarned(settings('auto-all'), [done(0), done(0)])).toBe(true);
  });

  it('auto-conditions (the default) needs the course’s conditions on the summed score', () => {
    const half = [{ variable: 'percent', operator: '>=', value: 50 }];
    expect(courseEarned(settings(undefined, half), [done(4), done(5)])).toBe(false); // 45 %
    expect(courseEarned(settings(undefined, half), [done(4), done(6)])).toBe(true); // 50 %
    expect(courseEarned(settings('auto-conditions', half), [done(10), going(10)])).toBe(false);
    const points = [
      { variable: 'points', operator: '>', value: 7 },
      { variable: 'deadline', value: 3 },
    ];
    expect(courseEarned(settings('auto-conditions', points), [done(4), done(4)])).toBe(true);
    // Without conditions finishing is the condition.
    expect(courseEarned(settings('auto-conditions'), [done(0), done(0)])).toBe(true);
    expect(courseEarned(null, [done(0)])).toBe(true);
  });

  it('manual never issues by itself; an unknown issue type is the default', () => {
    expect(courseEarned(settings('manual'), [done(10), done(10)])).toBe(false);
    expect(courseIssueType({ certificate: { issue_type: 'sometimes' } })).toBe('auto-conditions');
    expect(courseIssueType('nonsense')).toBe('auto-conditions');
  });
});
