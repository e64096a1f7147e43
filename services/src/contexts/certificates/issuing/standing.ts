import type { StoredEvent } from '@sabaq/events';
import type { StudentStanding } from './issue-rule';

/**
 * A student's standing on an assignment, read from their participation stream: the latest score and
 * whether their work is over. Pure, so every case is a unit test.
 *
 * Finished means over, not "finished once": at least one attempt finished (or the teacher finished the
 * student) and no attempt is running. The score is recalculated on every answer, so a student whose
 * first attempt fell short would otherwise be issued a certificate in the middle of their second one,
 * on the score of answers they may still change. An attempt whose time ran out counts as over even
 * before anyone recorded its finish (the assignments context finishes it on the next start).
 */
export function standingFrom(
  work: readonly Pick<StoredEvent, 'type' | 'data'>[],
  maxPoints: number,
  now: Date,
): StudentStanding {
  /** Per attempt: its end when running (null: no limit), or 'over'. */
  const attempts = new Map<string, string | null | 'over'>();
  let finishedByTeacher = false;
  let score: number | null = null;
  for (const event of work) {
    const data = event.data as { attempt_id?: string; ends_at?: string | null; score?: number };
    switch (event.type) {
      case 'AssignmentAttemptStarted':
      case 'AssignmentAttemptReopened':
        attempts.set(data.attempt_id!, data.ends_at ?? null);
        break;
      case 'AssignmentStudentTimeAdjusted':
      case 'AssignmentStudentTimeReset':
        if (data.attempt_id && attempts.get(data.attempt_id) !== 'over')
          attempts.set(data.attempt_id, data.ends_at ?? null);
        break;
      case 'AssignmentAttemptFinished':
        attempts.set(data.attempt_id!, 'over');
        break;
      case 'AssignmentStudentFinished':
        finishedByTeacher = true;
        break;
      case 'AssignmentStudentRestored':
        finishedByTeacher = false;
        break;
      case 'AssignmentScoreCalculated':
        score = data.score!;
        break;
    }
  }
  const ends = [...attempts.values()];
  const running = ends.some((end) => end !== 'over' && (end === null || Date.parse(end) > now.getTime()));
  const anyOver = ends.some((end) => end === 'over' || (end !== null && Date.parse(end) <= now.getTime()));
  return { finished: !running && (anyOver || finishedByTeacher), score, maxPoints };
}
