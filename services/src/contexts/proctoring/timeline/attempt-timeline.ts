import type { AttemptTimeline } from '@sabaq/events';
import { NotFoundError } from '../../../platform/errors';
import type { Caller } from '../../../platform/http/caller';
import { withTables, type ReadModelDb } from '../../../platform/read-models/database';
import {
  assignmentsFacts,
  attemptFacts,
  watches,
  type AssignmentFacts,
  type AttemptFacts,
} from '../assignments-lookup';
import type { ProctoringTables } from '../tables';
import type { Timeline } from './build-timeline';
import { credibility } from './credibility';

const EMPTY: Timeline = { violations: [], warnings: [], dropped: 0 };

/** The attempt and its assignment when the caller watches that assignment; 404 otherwise, as if absent. */
export async function watchedAttempt(
  db: ReadModelDb,
  caller: Caller,
  attemptId: string,
): Promise<{ attempt: AttemptFacts; assignment: AssignmentFacts }> {
  const attempt = await attemptFacts(db, attemptId);
  const assignment =
    attempt && (await assignmentsFacts(db, [attempt.assignmentId])).get(attempt.assignmentId);
  if (!attempt || !assignment || attempt.schoolId !== caller.schoolId || !watches(caller, assignment)) {
    throw new NotFoundError('Попытка не найдена');
  }
  return { attempt, assignment };
}

/** The API's answer: the contract's type (events/src/contexts/proctoring-timeline.ts), read by the web app. */
export type TimelineEntity = AttemptTimeline;

/** The stored timeline of an attempt (an attempt with no signals yet has an empty one, scored 100). */
export async function attemptTimeline(
  db: ReadModelDb,
  caller: Caller,
  attemptId: string,
): Promise<TimelineEntity> {
  const { attempt } = await watchedAttempt(db, caller, attemptId);
  const row = await withTables<ProctoringTables>(db)
    .selectFrom('proctoring_timelines')
    .select(['timeline', 'credibility'])
    .where('assignment_attempt_id', '=', attemptId)
    .executeTakeFirst();
  const timeline = row?.timeline ?? EMPTY;
  return {
    assignment_attempt_id: attempt.attemptId,
    assignment_id: attempt.assignmentId,
    student_id: attempt.studentId,
    ...timeline,
    credibility: row?.credibility ?? credibility(EMPTY),
  };
}
