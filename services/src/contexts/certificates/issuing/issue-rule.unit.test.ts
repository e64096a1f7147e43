import { describe, expect, it } from 'vitest';
import { certificateConditions, shouldIssue } from './issue-rule';

const finished = { finished: true, score: 6, maxPoints: 8 };
const working = { finished: false, score: 6, maxPoints: 8 };

describe('when the assignment’s settings issue a certificate', () => {
  it('manual: never by itself', () => {
    expect(shouldIssue('manual', [], finished)).toBe(false);
  });

  it('auto-all: once the student has finished, whatever the score', () => {
    expect(shouldIssue('auto-all', [], working)).toBe(false);
    expect(shouldIssue('auto-all', [], { ...finished, score: null })).toBe(true);
  });

  it('auto-conditions: finished and every condition on points or percent holds', () => {
    const atLeast6 = certificateConditions([{ variable: 'points', operator: '>=', value: 6 }]);
    expect(shouldIssue('auto-conditions', atLeast6, finished)).toBe(true);
    expect(shouldIssue('auto-conditions', atLeast6, working)).toBe(false);
    expect(shouldIssue('auto-conditions', atLeast6, { ...finished, score: 5 })).toBe(false);
    expect(shouldIssue('auto-conditions', atLeast6, { ...finished, score: null })).toBe(false);
    // 6 of 8 is 75 %.
    const over80 = certificateConditions([{ variable: 'percent', operator: '>', value: 80 }]);
    expect(shouldIssue('auto-conditions', over80, finished)).toBe(false);
    expect(shouldIssue('auto-conditions', over80, { ...finished, score: 7 })).toBe(true);
    const both = certificateConditions([
      { variable: 'points', operator: '>=', value: 6 },
      { variable: 'percent', operator: '<', value: 100 },
    ]);
    expect(shouldIssue('auto-conditions', both, finished)).toBe(true);
    expect(shouldIssue('auto-conditions', both, { ...finished, score: 8 })).toBe(false);
  });

  it('auto-conditions without certificate conditions: finishing is the condition', () => {
    expect(shouldIssue('auto-conditions', [], finished)).toBe(true);
    expect(shouldIssue('auto-conditions', [], working)).toBe(false);
  });

  it('reads only its own conditions: other features’ entries and malformed ones are left out', () => {
    expect(
      certificateConditions([
        { variable: 'points', value: 3 },
        { variable: 'violations', operator: '<', value: 2 },
        { variable: 'percent', operator: '>=', value: 'много' },
        'text',
        null,
        { variable: 'percent', operator: 'DROP', value: 50 },
      ]),
    ).toEqual([
      { variable: 'points', operator: '>=', value: 3 },
      { variable: 'percent', operator: '>=', value: 50 },
    ]);
  });
});
