/**
 * How a student's score is counted (specification 000 §9: the points total is rounded up; 001 §3:
 * points come from reviewer results when present, else the student's own results).
 *
 * - A result's points are those of the latest reviewer result for it, else its own (graded) points.
 * - An attempt's points are the sum of its results' points.
 * - The points method turns them into the attempt's score: `sum` keeps the sum; `avg` divides it by
 *   the number of questions the attempt shows (its own count when questions are drawn per attempt,
 *   else the assignment's; unanswered questions count as 0).
 * - The student's score is the best attempt's score, rounded up (Math.ceil).
 */
export type PointsMethod = 'sum' | 'avg';

export interface ScoredResult {
  resultId: string;
  points: number;
}

export interface ScoredAttempt {
  id: string;
  results: ScoredResult[];
  /** The questions this attempt shows, when it shows fewer than the assignment (a draw, a variant). */
  questionCount?: number;
}

export interface Review {
  resultId: string;
  reviewerId: string;
  points: number;
  /** The order the reviews were given in: the latest one counts. */
  order: number;
}

export interface Scoring {
  method: PointsMethod;
  questionCount: number;
}

/** Rounded up, without floating-point noise turning 3.0000000001 into 4. */
export function roundUp(value: number): number {
  const clean = Math.round(value * 1e9) / 1e9;
  return Math.ceil(clean) + 0; // + 0: never -0
}

/** The points a result counts with: the latest review (of one reviewer, when given), else its own. */
export function effectivePoints(
  result: ScoredResult,
  reviews: readonly Review[],
  reviewerId?: string,
): number {
  let latest: Review | undefined;
  for (const review of reviews) {
    if (review.resultId !== result.resultId) continue;
    if (reviewerId !== undefined && review.reviewerId !== reviewerId) continue;
    if (!latest || review.order > latest.order) latest = review;
  }
  return latest ? latest.points : result.points;
}

export function attemptPoints(
  attempt: ScoredAttempt,
  reviews: readonly Review[],
  reviewerId?: string,
): number {
  return attempt.results.reduce((sum, result) => sum + effectivePoints(result, reviews, reviewerId), 0);
}

export function attemptScore(
  points: number,
  scoring: Scoring,
  questionCount = scoring.questionCount,
): number {
  if (scoring.method === 'sum') return points;
  return questionCount > 0 ? points / questionCount : 0;
}

/** The score and each attempt's points; score null while no attempt has a result. */
export function studentScore(
  attempts: readonly ScoredAttempt[],
  reviews: readonly Review[],
  scoring: Scoring,
  reviewerId?: string,
): { score: number | null; attempts: { attempt_id: string; points: number }[] } {
  const points = attempts.map((attempt) => ({
    attempt_id: attempt.id,
    points: attemptPoints(attempt, reviews, reviewerId),
  }));
  const answered = attempts
    .map((attempt, i) => ({ attempt, points: points[i]!.points }))
    .filter(({ attempt }) => attempt.results.length > 0);
  if (answered.length === 0) return { score: null, attempts: points };
  const best = Math.max(
    ...answered.map(({ attempt, points: p }) => attemptScore(p, scoring, attempt.questionCount)),
  );
  return { score: roundUp(best), attempts: points };
}
