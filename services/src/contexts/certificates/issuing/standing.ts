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
  return standingOfWork(work.reduce(foldWork, emptyWork), maxPoints, now);
}

/**
 * What a student's work so far says, kept between events (the course issuing process stores it per
 * assignment and student): per attempt its end while running (null: no limit) or 'over'.
 */
export interface WorkState {
  attempts: Record<string, string | null | 'over'>;
  finishedByTeacher: boolean;
  score: number | null;
}

export const emptyWork: WorkState = { attempts: {}, finishedByTeacher: false, score: null };

/** The participation events that change a standing; others leave it as it is. */
export const WORK_EVENTS = [
  'AssignmentAttemptStarted',
  'AssignmentAttemptReopened',
  'AssignmentStudentTimeAdjusted',
  'AssignmentStudentTimeReset',
  'AssignmentAttemptFinished',
  'AssignmentStudentFinished',
  'AssignmentStudentRestored',
  'AssignmentScoreCalculated',
] as const;

export function foldWork(state: WorkState, event: Pick<StoredEvent, 'type' | 'data'>): WorkState {
  if (isEvent(event, 'AssignmentAttemptStarted', 'AssignmentAttemptReopened'))
    return withAttempt(state, event.data.attempt_id, event.data.ends_at ?? null);
  if (isEvent(event, 'AssignmentStudentTimeAdjusted', 'AssignmentStudentTimeReset')) {
    const { attempt_id: attemptId, ends_at: endsAt } = event.data;
    if (!attemptId || state.attempts[attemptId] === 'over') return state;
    return withAttempt(state, attemptId, endsAt ?? null);
  }
  if (isEvent(event, 'AssignmentAttemptFinished')) return withAttempt(state, event.data.attempt_id, 'over');
  if (isEvent(event, 'AssignmentStudentFinished')) return { ...state, finishedByTeacher: true };
  if (isEvent(event, 'AssignmentStudentRestored')) return { ...state, finishedByTeacher: false };
  if (isEvent(event, 'AssignmentScoreCalculated')) return { ...state, score: event.data.score };
  return state;
}

export function standingOfWork(state: WorkState, maxPoints: number, now: Date): StudentStanding {
  const ends = Object.values(state.attempts);
  const running = ends.some((end) => end !== 'over' && (end === null || Date.parse(end) > now.getTime()));
  const anyOver = ends.some((end) => end === 'over' || (end !== null && Date.parse(end) <= now.getTime()));
  return { finished: !running && (anyOver || state.finishedByTeacher), score: state.score, maxPoints };
}

function withAttempt(state: WorkState, attemptId: string, end: string | null | 'over'): WorkState {
  return { ...state, attempts: { ...state.attempts, [attemptId]: end } };
}
