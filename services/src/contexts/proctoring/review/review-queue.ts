import { sql } from 'kysely';
import { NotFoundError } from '../../../platform/errors';
import type { Caller } from '../../../platform/http/caller';
import { withTables, type ReadModelDb } from '../../../platform/read-models/database';
import { assignmentsFacts, watches } from '../assignments-lookup';
import { ASSIGNMENT_TABLES, type ProctoringTables } from '../tables';
import { orderQueue } from './priority';

/**
 * The attempts of an assignment that have a timeline, most worth reviewing first (priority.ts), with
 * what the priority is made of. Attempts with no signals have nothing to review and are not listed.
 */
export async function reviewQueue(db: ReadModelDb, caller: Caller, assignmentId: string) {
  const assignment = (await assignmentsFacts(db, [assignmentId])).get(assignmentId);
  if (!assignment || assignment.schoolId !== caller.schoolId || !watches(caller, assignment)) {
    throw new NotFoundError('Задание не найдено');
  }
  const rows = await withTables<ProctoringTables>(db)
    .selectFrom('proctoring_timelines as t')
    .leftJoin(`${ASSIGNMENT_TABLES.attempts} as a`, 'a.id', 't.assignment_attempt_id')
    .select(['t.assignment_attempt_id', 't.student_id', 't.credibility', 'a.points', 'a.status'])
    .where('t.assignment_id', '=', assignmentId)
    .where('t.school_id', '=', caller.schoolId)
    // A row whose runs are only session ends (kept to close conditions, conditions.ts) had no signal.
    .where(
      sql<boolean>`(t.runs IS NULL OR jsonb_path_exists(t.runs::jsonb, '$[*] ? (@.type != "session_ended")'))`,
    )
    .execute();
  const ordered = orderQueue(
    rows.map((row) => ({
      attemptId: row.assignment_attempt_id,
      studentId: row.student_id,
      status: row.status,
      credibility: row.credibility,
      points: Number(row.points ?? 0),
      maxPoints: assignment.maxPoints,
    })),
  );
  return ordered.map((c) => ({
    assignment_attempt_id: c.attemptId,
    student_id: c.studentId,
    status: c.status,
    score: c.credibility.score,
    range: c.credibility.range,
    unreviewed: c.credibility.unreviewed,
    contributions: c.credibility.contributions,
    points: c.points,
    priority: c.priority,
    decisive: c.decisive,
    stakes: c.stakes,
  }));
}
