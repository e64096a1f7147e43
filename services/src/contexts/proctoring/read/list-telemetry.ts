import type { ProctoringAction, ProctoringActivity } from '@sabaq/events';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Caller } from '../../../platform/http/caller';
import type { ReadModelDb } from '../../../platform/read-models/database';
import { watchedAssignments } from '../assignments-lookup';
import { screenshotPath } from './screenshot';
import type { TelemetryListQuery } from './list-query';

/** Without paging a list answers at most this many, as the record API does. */
const MAX_UNPAGED = 1000;

export type TelemetryKind = 'actions' | 'activities';
const TABLE = { actions: 'proctoring_actions', activities: 'proctoring_activities' } as const;
const TYPE_COLUMN = { actions: 'action_type', activities: 'activity_type' } as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Row = Record<string, any>;

/**
 * Actions or activities the caller may see, oldest first, each with `diff`: the whole seconds since the
 * same student's previous one in the same assignment (null for the first). The window runs over the
 * caller's scope narrowed only by assignment and student, the window's own partition, so filtering by
 * type, attempt or warning never changes a diff.
 *
 * Scope: the caller's school only; a student sees their own; a teacher the assignments they own or
 * review; admins, managers and proctors the school's.
 */
export async function listTelemetry(
  db: ReadModelDb,
  caller: Caller,
  kind: TelemetryKind,
  query: TelemetryListQuery,
): Promise<{ rows: Row[]; total: number; page: number } | 'nothing'> {
  if (caller.schoolId === null) return 'nothing';
  const watched = caller.group === 'student' ? 'all' : await watchedAssignments(db, caller);
  let assignments = query.assignmentIds;
  if (watched !== 'all') assignments = assignments ? assignments.filter((a) => watched.includes(a)) : watched;
  if (assignments && assignments.length === 0) return 'nothing';
  const table = TABLE[kind];
  let own = db.selectFrom(table).selectAll().where('school_id', '=', caller.schoolId);
  if (caller.group === 'student') own = own.where('student_id', '=', caller.userId);
  if (assignments) own = own.where('assignment_id', 'in', assignments);
  if (query.studentIds) own = own.where('student_id', 'in', query.studentIds);
  const listed = kind === 'actions' ? conditionsAsOneRow(db, own) : own;
  const inner = db
    .selectFrom(listed.as('l'))
    .selectAll()
    // bigint, not int: any two stored times differ by far less than 2^63 seconds, while a client time
    // years off (stored before times were bounded) overflowed int and made the whole list a 500.
    .select(
      sql<
        string | null
      >`round(extract(epoch from created_at - lag(created_at) over (partition by assignment_id, student_id order by created_at, id)))::bigint`.as(
        'diff',
      ),
    );
  let outer = db.selectFrom(inner.as('t')).selectAll();
  if (query.attemptIds) outer = outer.where('assignment_attempt_id', 'in', query.attemptIds);
  if (query.types) outer = outer.where(TYPE_COLUMN[kind], 'in', query.types);
  if (query.isWarning !== undefined && kind === 'actions')
    outer = outer.where('is_warning', '=', query.isWarning);
  const ordered = outer.orderBy('created_at').orderBy('id');
  if (!query.paging) {
    const rows = await ordered.limit(MAX_UNPAGED).execute();
    return { rows, total: rows.length, page: 1 };
  }
  const counted = await db
    .selectFrom(outer.as('c'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const total = Number(counted.n);
  const lastPage = Math.max(1, Math.ceil(total / query.paging.limit));
  // A page past the end is answered as the last page (docs/records-api.md).
  const page = Math.min(query.paging.page, lastPage);
  const rows = await ordered
    .limit(query.paging.limit)
    .offset((page - 1) * query.paging.limit)
    .execute();
  return { rows, total, page };
}

/**
 * A condition (docs/proctoring.md, "Conditions") is one row: its earliest phase, carrying when the
 * condition ended (its `end` phase) and the latest phase so far. Its heartbeats, every 5 s while it
 * lasts, are not rows of their own: a minute without a face was a dozen rows of the same violation in
 * the proctor's list. Done before the `diff` window, so a diff is the pause before a row as listed.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the list's table is chosen at run time, as Row is
function conditionsAsOneRow<Q extends SelectQueryBuilder<any, any, Row>>(db: ReadModelDb, rows: Q) {
  const phases = sql`(partition by assignment_attempt_id, action_type, condition_id)`;
  const withCondition = db
    .selectFrom(rows.as('a'))
    .selectAll()
    .select([
      sql<string>`row_number() over (partition by assignment_attempt_id, action_type, condition_id order by created_at, id)`.as(
        'condition_row',
      ),
      sql<Date | null>`max(created_at) filter (where condition_phase = 'end') over ${phases}`.as(
        'condition_end',
      ),
      sql<Date>`max(created_at) over ${phases}`.as('condition_last'),
    ]);
  return db
    .selectFrom(withCondition.as('c'))
    .selectAll()
    .where((eb) => eb.or([eb('condition_id', 'is', null), eb('condition_row', '=', '1')]));
}

/** A stored action in the contract's shape (events/src/contracts/proctoring-actions.ts). */
export function actionEntity(row: Row): ProctoringAction {
  const screenshots = Array.isArray(row.screenshots) ? (row.screenshots as string[]) : [];
  return {
    id: row.id,
    assignment_id: row.assignment_id,
    assignment_attempt_id: row.assignment_attempt_id,
    initiator_id: row.initiator_id,
    student_id: row.student_id,
    webinar_session_id: row.webinar_session_id,
    action_type: row.action_type,
    screenshot: screenshots[0] ?? null,
    screenshots,
    /** Where to fetch them, through the API (the object keys above are for the record). */
    screenshot_urls: screenshots.map((_, index) => screenshotPath(String(row.id), index)),
    is_warning: row.is_warning,
    is_archived: row.is_archived,
    description: row.description,
    source: row.source,
    created_at: isoOf(row.created_at),
    diff: diffOf(row.diff),
    /** A condition's row: its id, its end (null until the end phase arrived), its seconds so far. */
    condition_id: row.condition_id ?? null,
    ended_at: row.condition_end ? isoOf(row.condition_end) : null,
    duration: row.condition_id ? conditionSeconds(row) : null,
  };
}

function conditionSeconds(row: Row): number | null {
  const start = new Date(row.created_at as string).getTime();
  const end = new Date((row.condition_end ?? row.condition_last) as string).getTime();
  return Number.isFinite(start) && Number.isFinite(end)
    ? Math.max(0, Math.round((end - start) / 1000))
    : null;
}

/** A stored time as ISO 8601; one no Date can hold (PostgreSQL's infinity) as null rather than a 500. */
function isoOf(value: unknown): string | null {
  const at = new Date(value as string);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

const diffOf = (value: unknown): number | null =>
  value === null || value === undefined || !Number.isFinite(Number(value)) ? null : Number(value);

export function activityEntity(row: Row): ProctoringActivity {
  return {
    id: row.id,
    assignment_id: row.assignment_id,
    assignment_attempt_id: row.assignment_attempt_id,
    student_id: row.student_id,
    chapter_id: row.chapter_id,
    component_id: row.component_id,
    activity_type: row.activity_type,
    created_at: isoOf(row.created_at),
    diff: diffOf(row.diff),
  };
}
