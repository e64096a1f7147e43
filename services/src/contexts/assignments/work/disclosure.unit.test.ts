import { describe, expect, it } from 'vitest';
import { attemptDisclosure, resultsShownAfterFinishing, scoreDisclosed, shownResultCode } from './disclosure';

const none = {};
const straight = { is_straight_answer: true };
const results = { is_show_results_after_finished: true };
const scores = { is_show_scores: true };

describe('what a student learns of their grades', () => {
  it('learns nothing of right or wrong while the attempt runs, unless answers are straight', () => {
    for (const flags of [none, results, scores, { ...results, ...scores }]) {
      expect(attemptDisclosure(flags, true)).toEqual({ verdicts: false, points: false });
    }
    expect(attemptDisclosure(straight, true)).toEqual({ verdicts: true, points: true });
  });

  it('learns after finishing what the flags show: verdicts with results, points with scores', () => {
    expect(attemptDisclosure(none, false)).toEqual({ verdicts: false, points: false });
    expect(attemptDisclosure(results, false)).toEqual({ verdicts: true, points: false });
    expect(attemptDisclosure(scores, false)).toEqual({ verdicts: false, points: true });
    expect(attemptDisclosure(straight, false)).toEqual({ verdicts: true, points: true });
  });

  it('sees the score only with no attempt running and points shown', () => {
    expect(scoreDisclosed(scores, true)).toBe(false);
    expect(scoreDisclosed(scores, false)).toBe(true);
    expect(scoreDisclosed(results, false)).toBe(false);
    expect(scoreDisclosed(none, false)).toBe(false);
  });

  it('reads a hidden verdict as "answered", and is told of results only when some are shown', () => {
    const hidden = { verdicts: false, points: false };
    expect([0, 1, 2, 3].map((code) => shownResultCode(code, hidden))).toEqual([0, 1, 1, 1]);
    expect([0, 1, 2, 3].map((code) => shownResultCode(code, { verdicts: true, points: false }))).toEqual([
      0, 1, 2, 3,
    ]);
    expect([none, straight].map(resultsShownAfterFinishing)).toEqual([false, false]);
    expect([results, scores].map(resultsShownAfterFinishing)).toEqual([true, true]);
  });
});
