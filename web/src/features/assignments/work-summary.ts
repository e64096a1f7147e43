import type { AnswerResult, Attempt, ReviewerResult, Score } from './model';

export interface StudentRow {
  studentId: string;
  attempts: Attempt[];
  active: Attempt | undefined;
  latest: Attempt | undefined;
  score: number | null;
  /** Answers that wait for the teacher (result 1) without a review yet. */
  toReview: number;
}

/** One row per student of the assignment, from the work the record API answers. */
export function studentRows(
  studentIds: string[],
  work: { attempts: Attempt[]; results: AnswerResult[]; reviews: ReviewerResult[]; scores: Score[] },
): StudentRow[] {
  const reviewed = new Set(work.reviews.map((r) => r.assignment_result_id));
  return studentIds.map((studentId) => {
    const attempts = work.attempts
      .filter((a) => a.student_id === studentId)
      .sort((a, b) => a.number - b.number);
    return {
      studentId,
      attempts,
      active: attempts.find((a) => a.status === 'active'),
      latest: attempts.at(-1),
      score: work.scores.find((s) => s.student_id === studentId)?.score ?? null,
      toReview: work.results.filter(
        (r) => r.student_id === studentId && r.result === 1 && !reviewed.has(r.id),
      ).length,
    };
  });
}

/** The points a result counts with: its latest review's, else its own (docs/assignments.md). */
export function countedPoints(result: AnswerResult, reviews: ReviewerResult[]): number {
  const review = reviews.filter((r) => r.assignment_result_id === result.id).at(-1);
  return review ? review.points : result.points;
}
