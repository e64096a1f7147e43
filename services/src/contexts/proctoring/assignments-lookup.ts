import type { ProctoringSettings } from '@sabaq/events';
import { sql } from 'kysely';
import type { Caller } from '../../platform/http/caller';
import { withTables, type ReadModelDb, type ReadModelTx } from '../../platform/read-models/database';
import { ASSIGNMENT_TABLES as TABLES, type ProctoringTables } from './tables';

/**
 * Read-only queries over the assignments context's read model (its tables, never its code paths):
 * what proctoring needs to know about an attempt, its assignment and their settings.
 */
export interface AttemptFacts {
  attemptId: string;
  assignmentId: string;
  studentId: string;
  schoolId: string | null;
  /** active or finished (the attempts table's status). */
  status: string;
  endsAt: Date | null;
  /** When the attempt began: client times of its telemetry may not lie (much) before it. */
  startedAt: Date | null;
  points: number;
}

export interface AssignmentFacts {
  id: string;
  schoolId: string | null;
  ownerId: string | null;
  reviewers: string[];
  isSuspended: boolean;
  isFinished: boolean;
  isProctoring: boolean;
  maxPoints: number;
  settings: Partial<ProctoringSettings> | null;
}

type Db = ReadModelDb | ReadModelTx;
const tablesOf = (db: Db) => withTables<ProctoringTables>(db);

export async function attemptFacts(db: Db, attemptId: string): Promise<AttemptFacts | undefined> {
  const row = await tablesOf(db)
    .selectFrom(TABLES.attempts)
    .select(['id', 'assignment_id', 'student_id', 'school_id', 'status', 'ends_at', 'started_at', 'points'])
    .where('id', '=', attemptId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  return row ? toAttemptFacts(row) : undefined;
}

export type Row = Record<string, unknown>;
const textOrNull = (value: unknown) => (value === null || value === undefined ? null : String(value));

export function toAttemptFacts(row: Row): AttemptFacts {
  return {
    attemptId: String(row.id),
    assignmentId: String(row.assignment_id),
    studentId: String(row.student_id),
    schoolId: textOrNull(row.school_id),
    status: String(row.status),
    endsAt: row.ends_at ? new Date(row.ends_at as string) : null,
    startedAt: row.started_at ? new Date(row.started_at as string) : null,
    points: Number(row.points ?? 0),
  };
}

export function toAssignmentFacts(row: Row): AssignmentFacts {
  return {
    id: String(row.id),
    schoolId: textOrNull(row.school_id),
    ownerId: textOrNull(row.owner_id),
    reviewers: Array.isArray(row.reviewers) ? (row.reviewers as unknown[]).map(String) : [],
    isSuspended: Boolean(row.is_suspended),
    isFinished: Boolean(row.is_finished),
    isProctoring: Boolean(row.is_proctoring),
    maxPoints: Number(row.points ?? 0),
    settings:
      typeof row.settings === 'object' && row.settings !== null
        ? (row.settings as Partial<ProctoringSettings>)
        : null,
  };
}

export async function assignmentsFacts(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, AssignmentFacts>> {
  const found = new Map<string, AssignmentFacts>();
  if (ids.length === 0) return found;
  const rows = await tablesOf(db)
    .selectFrom(TABLES.assignments)
    .select([
      'id',
      'school_id',
      'owner_id',
      'reviewers',
      'is_suspended',
      'is_finished',
      'is_proctoring',
      'points',
      sql<unknown>`record->'settings'->'proctoring_settings'`.as('settings'),
    ])
    .where('id', 'in', [...new Set(ids)])
    .where('deleted', '=', false)
    .execute();
  for (const row of rows) found.set(String(row.id), toAssignmentFacts(row));
  return found;
}

/**
 * Who may watch and judge an assignment's proctoring: the school's admins, managers and proctors, and
 * the teachers who own or review it. The specification names no per-assignment proctor list, so a
 * school's proctors proctor all of its assignments.
 */
export function watches(caller: Caller, assignment: AssignmentFacts): boolean {
  if (caller.schoolId === null || assignment.schoolId !== caller.schoolId) return false;
  switch (caller.group) {
    case 'admin':
    case 'manager':
    case 'proctor':
      return true;
    case 'teacher':
      return assignment.ownerId === caller.userId || assignment.reviewers.includes(caller.userId);
    case 'student':
    case 'analyst':
      return false;
    default: {
      const never: never = caller.group;
      return never;
    }
  }
}

/** The ids of the caller's school's assignments the caller watches (for narrowing lists). */
export async function watchedAssignments(db: ReadModelDb, caller: Caller): Promise<string[] | 'all'> {
  if (caller.group === 'admin' || caller.group === 'manager' || caller.group === 'proctor') return 'all';
  if (caller.group !== 'teacher') return [];
  const rows = await tablesOf(db)
    .selectFrom(TABLES.assignments)
    .select('id')
    .where('school_id', '=', caller.schoolId)
    .where('deleted', '=', false)
    .where((eb) =>
      eb.or([
        eb('owner_id', '=', caller.userId),
        eb(sql<boolean>`reviewers @> ${JSON.stringify([caller.userId])}::jsonb`, '=', true),
      ]),
    )
    .execute();
  return rows.map((r) => String(r.id));
}

/** A person of the directory as the watcher rule needs them: their id, school and group. */
export interface PersonFacts {
  userId: string;
  schoolId: string | null;
  group: Caller['group'];
}

/**
 * Which of these people watch the assignment (the rule of `watches`, for people other than the caller),
 * so another context can name an exam's watchers as proctoring knows them. An unknown or deleted
 * assignment has none.
 */
export async function watchersAmong(
  db: ReadModelDb,
  assignmentId: string,
  people: readonly PersonFacts[],
): Promise<Set<string>> {
  const assignment = (await assignmentsFacts(db, [assignmentId])).get(assignmentId);
  if (!assignment) return new Set();
  return new Set(
    people.filter((p) => watches({ ...p, pendingChallenges: [] }, assignment)).map((p) => p.userId),
  );
}

/** Whether the person takes the assignment: named among its students or with an attempt at it. */
export async function takesAssignment(
  db: ReadModelDb,
  assignmentId: string,
  studentId: string,
): Promise<boolean> {
  const named = await tablesOf(db)
    .selectFrom(TABLES.assignments)
    .select('id')
    .where('id', '=', assignmentId)
    .where('deleted', '=', false)
    .where(sql<boolean>`students @> ${JSON.stringify([studentId])}::jsonb`, '=', true)
    .executeTakeFirst();
  if (named) return true;
  const attempt = await tablesOf(db)
    .selectFrom(TABLES.attempts)
    .select('id')
    .where('assignment_id', '=', assignmentId)
    .where('student_id', '=', studentId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  return attempt !== undefined;
}
