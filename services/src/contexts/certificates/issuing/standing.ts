import { isEvent, type StoredEvent } from '@sabaq/events';
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
    if (isEvent(event, 'AssignmentAttemptStarted', 'AssignmentAttemptReopened'))
      attempts.set(event.data.attempt_id, event.data.ends_at ?? null);
    else if (isEvent(event, 'AssignmentStudentTimeAdjusted', 'AssignmentStudentTimeReset')) {
      const { attempt_id: attemptId, ends_at: endsAt } = event.data;
      if (attemptId && attempts.get(attemptId) !== 'over') attempts.set(attemptId, endsAt ?? null);
    } else if (isEvent(event, 'AssignmentAttemptFinished')) attempts.set(event.data.attempt_id, 'over');
    else if (isEvent(event, 'AssignmentStudentFinished')) finishedByTeacher = true;
    else if (isEvent(event, 'AssignmentStudentRestored')) finishedByTeacher = false;
    else if (isEvent(event, 'AssignmentScoreCalculated')) score = event.data.score;
  }
  const ends = [...attempts.values()];
  const running = ends.some((end) => end !== 'over' && (end === null || Date.parse(end) > now.getTime()));
  const anyOver = ends.some((end) => end === 'over' || (end !== null && Date.parse(end) <= now.getTime()));
  return { finished: !running && (anyOver || finishedByTeacher), score, maxPoints };
}
