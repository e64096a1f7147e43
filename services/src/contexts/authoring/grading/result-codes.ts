import type { CodeRunReport } from './code-types';

/** The specification's answer result codes: 0 undefined, 1 answered (needs review), 2 false, 3 true. */
export const RESULT = { undefined: 0, answered: 1, false: 2, true: 3 } as const;
export type ResultCode = (typeof RESULT)[keyof typeof RESULT];

export interface Grade {
  result: ResultCode;
  /** Points earned: the question's points when right, minus the penalty when wrong, 0 otherwise. */
  points: number;
  /** The code runner's report, for code questions that were run. */
  report?: CodeRunReport;
}

export const notAnswered: Grade = { result: RESULT.undefined, points: 0 };
export const needsReview: Grade = { result: RESULT.answered, points: 0 };
export const right = (points: number): Grade => ({ result: RESULT.true, points });
/** A wrong answer costs the penalty points (written as 0, never -0, when there are none). */
export const wrong = (penalty: number): Grade => ({
  result: RESULT.false,
  points: penalty > 0 ? -penalty : 0,
});
