import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ContextServices } from '../../platform/context';
import { NotFoundError } from '../../platform/errors';
import type { Caller } from '../../platform/http/caller';
import { withTables, type ReadModelDb } from '../../platform/read-models/database';
import { grantedAssignments } from '../shop/grants';
import { TABLES, type AssignmentsTables } from './read-model/tables';

/** A value no id equals: narrows a list to nothing without an empty IN (). */
const NOTHING = '-';

const MEMBERSHIP: Record<string, typeof TABLES.classes | typeof TABLES.assignments> = {
  '/api/classes': TABLES.classes,
  '/api/assignments': TABLES.assignments,
};
const WORK: Record<string, (typeof TABLES)[Exclude<keyof typeof TABLES, 'classes' | 'assignments'>]> = {
  '/api/assignment-attempts': TABLES.attempts,
  '/api/assignment-results': TABLES.results,
  '/api/assignment-scores': TABLES.scores,
  '/api/assignment-reviewer-results': TABLES.reviewerResults,
  '/api/assignment-reviewer-scores': TABLES.reviewerScores,
  '/api/assignment-comments': TABLES.comments,
};

const asList = (value: unknown): string[] | undefined =>
  value === undefined ? undefined : Array.isArray(value) ? value.map(String) : [String(value)];
const within = (requested: string[] | undefined, allowed: string[]) =>
  requested === undefined ? allowed : requested.filter((id) => allowed.includes(id));

/**
 * The rules the access table (per collection and group, not per record) cannot say, applied after it:
 * - a student sees the classes they are in and the assignments they are given (the students lists);
 * - a teacher sees the work of the students of the assignments they own or review, not a colleague's.
 * Lists are narrowed; a single record outside the rule is 404, as if absent.
 */
export function visibilityRule(services: Pick<ContextServices, 'db'>) {
  return async (request: FastifyRequest): Promise<void> => {
    const caller = request.caller;
    const url = request.routeOptions.url ?? '';
    const single = url.endsWith('/:id');
    const base = url.replace(/\/:id$/, '');
    if (!caller || caller.schoolId === null) return;
    if (caller.group === 'student' && MEMBERSHIP[base]) {
      const table = MEMBERSHIP[base];
      if (single) {
        const { id } = request.params as { id: string };
        const ids = await membership(services.db, table, caller, [id]);
        if (ids.length === 0) throw new NotFoundError('Запись не найдена');
      } else if (request.method === 'GET') {
        const query = request.query as { ids?: unknown };
        const ids = await membership(services.db, table, caller, asList(query.ids));
        query.ids = ids;
      }
    }
    if (caller.group === 'teacher' && WORK[base]) {
      const staffed = await staffedAssignments(services.db, caller);
      if (single) {
        const { id } = request.params as { id: string };
        const row = await withTables<AssignmentsTables>(services.db)
          .selectFrom(WORK[base])
          .select('assignment_id')
          .where('id', '=', id)
          .executeTakeFirst();
        if (row && !staffed.includes(row.assignment_id)) throw new NotFoundError('Запись не найдена');
      } else if (request.method === 'GET') {
        const query = request.query as { assignment_id?: unknown; filter?: Record<string, unknown> };
        const requested = asList(query.filter?.assignment_id ?? query.assignment_id);
        const allowed = within(requested, staffed);
        delete query.assignment_id;
        query.filter = { ...query.filter, assignment_id: allowed.length ? allowed : [NOTHING] };
      }
    }
  };
}

/**
 * Of the given ids (all when none are given), those of records whose students list has the caller, and
 * of assignments, the prepaid ones the caller bought (the shop's grants).
 */
async function membership(
  db: ReadModelDb,
  table: (typeof MEMBERSHIP)[string],
  caller: Caller,
  ids: string[] | undefined,
) {
  if (ids !== undefined && ids.length === 0) return [];
  const bought = table === TABLES.assignments ? await boughtAssignments(db, caller) : [];
  let query = withTables<AssignmentsTables>(db)
    .selectFrom(table)
    .select('id')
    .where('school_id', '=', caller.schoolId)
    .where('deleted', '=', false)
    .where((eb) =>
      eb.or([
        eb(sql<boolean>`students @> ${JSON.stringify([caller.userId])}::jsonb`, '=', true),
        ...(bought.length ? [eb.and([eb('id', 'in', bought), eb('access_type', '=', 'prepaid')])] : []),
      ]),
    );
  if (ids !== undefined) query = query.where('id', 'in', ids);
  return (await query.execute()).map((row) => row.id);
}

/** The assignments of the caller's school the caller owns or reviews. */
export async function staffedAssignments(db: ReadModelDb, caller: Caller): Promise<string[]> {
  const rows = await withTables<AssignmentsTables>(db)
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
  return rows.map((row) => row.id);
}

/** The prepaid assignments of the caller's school the caller bought; grants are looked up only when some exist. */
async function boughtAssignments(db: ReadModelDb, caller: Caller): Promise<string[]> {
  const prepaid = await withTables<AssignmentsTables>(db)
    .selectFrom(TABLES.assignments)
    .select('id')
    .where('school_id', '=', caller.schoolId)
    .where('deleted', '=', false)
    .where('access_type', '=', 'prepaid')
    .limit(1)
    .execute();
  return prepaid.length ? grantedAssignments(db, caller.userId) : [];
}
