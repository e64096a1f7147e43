import { NotFoundError } from '../../../platform/errors';
import type { Caller } from '../../../platform/http/caller';
import { withTables, type ReadModelDb, type TablesDb } from '../../../platform/read-models/database';
import { assignmentsFacts, watches } from '../assignments-lookup';
import { ASSIGNMENT_TABLES, type ProctoringTables } from '../tables';

/** The one state a row of the proctor's grid is in (docs/proctoring.md "The grid"). */
export type RosterState = 'not_started' | 'active' | 'suspended' | 'stopped' | 'finished';

export interface RosterRow {
  student_id: string;
  /** null: the student has not started. */
  assignment_attempt_id: string | null;
  number: number | null;
  state: RosterState;
  started_at: string | null;
  finished_at: string | null;
}

const HOLDS = ['exam_suspended', 'exam_resumed', 'exam_stopped'] as const;
const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);

/**
 * One attempt's state: finished (by anyone, or past its time: it takes no more answers) wins over a
 * proctor's hold, so an attempt is never both over and running; otherwise the proctor's latest
 * suspend, resume or stop decides.
 */
export function attemptState(
  attempt: { status: string; ends_at: Date | null },
  hold: string | undefined,
  now: Date,
): RosterState {
  const pastTime = attempt.ends_at !== null && attempt.ends_at.getTime() <= now.getTime();
  if (attempt.status !== 'active' || pastTime) return 'finished';
  if (hold === 'exam_stopped') return 'stopped';
  if (hold === 'exam_suspended') return 'suspended';
  return 'active';
}

/**
 * Every student of the assignment with the state of each of their attempts, and a `not_started` row for
 * each student without one: what the proctor's grid lists. Students taken off the assignment after they
 * started keep their attempts' rows. Watchers only; another school's assignment is 404.
 */
export async function assignmentRoster(
  db: ReadModelDb,
  caller: Caller,
  assignmentId: string,
  now: Date,
): Promise<RosterRow[]> {
  const assignment = (await assignmentsFacts(db, [assignmentId])).get(assignmentId);
  if (!assignment || !watches(caller, assignment)) throw new NotFoundError('Задание не найдено');
  const tables = withTables<ProctoringTables>(db);
  const [listed, attempts] = await Promise.all([
    tables
      .selectFrom(ASSIGNMENT_TABLES.assignments)
      .select('students')
      .where('id', '=', assignmentId)
      .executeTakeFirst(),
    tables
      .selectFrom(ASSIGNMENT_TABLES.attempts)
      .select(['id', 'student_id', 'number', 'status', 'started_at', 'finished_at', 'ends_at'])
      .where('assignment_id', '=', assignmentId)
      .where('deleted', '=', false)
      .orderBy('student_id')
      .orderBy('number')
      .execute(),
  ]);
  const holds = await latestHolds(
    tables,
    attempts.map((a) => a.id),
  );
  const rows: RosterRow[] = attempts.map((a) => ({
    student_id: a.student_id,
    assignment_attempt_id: a.id,
    number: Number(a.number),
    state: attemptState(
      { status: a.status, ends_at: a.ends_at ? new Date(a.ends_at) : null },
      holds.get(a.id),
      now,
    ),
    started_at: iso(a.started_at),
    finished_at: iso(a.finished_at),
  }));
  const started = new Set(rows.map((r) => r.student_id));
  const students = Array.isArray(listed?.students) ? (listed.students as unknown[]).map(String) : [];
  for (const studentId of new Set(students)) {
    if (started.has(studentId)) continue;
    rows.push({
      student_id: studentId,
      assignment_attempt_id: null,
      number: null,
      state: 'not_started',
      started_at: null,
      finished_at: null,
    });
  }
  return rows;
}

/** Each attempt's latest suspend, resume or stop (the partial index on hold actions serves this). */
async function latestHolds(
  db: TablesDb<ProctoringTables>,
  attemptIds: string[],
): Promise<Map<string, string>> {
  if (attemptIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('proctoring_actions')
    .select(['assignment_attempt_id', 'action_type'])
    .distinctOn('assignment_attempt_id')
    .where('assignment_attempt_id', 'in', attemptIds)
    .where('action_type', 'in', [...HOLDS])
    .orderBy('assignment_attempt_id')
    .orderBy('created_at', 'desc')
    .orderBy('global_position', 'desc')
    .execute();
  return new Map(rows.map((r) => [r.assignment_attempt_id, r.action_type]));
}
