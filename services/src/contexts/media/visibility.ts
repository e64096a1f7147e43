import type { FastifyRequest } from 'fastify';
import type { ContextServices } from '../../platform/context';
import { NotFoundError } from '../../platform/errors';
import type { Caller } from '../../platform/http/caller';
import type { Row } from '../../platform/http/records/collection';
import { withTables, type ReadModelDb } from '../../platform/read-models/database';
import { staffedAssignments } from '../assignments/visibility';
import { TABLES, type MediaTables } from './read-model/tables';

/** A value no id equals: narrows a list to nothing without an empty IN (). */
const NOTHING = '-';

/** Collections whose rows carry assignment_id: a teacher sees those of the assignments they teach. */
const BY_ASSIGNMENT: Partial<Record<string, typeof TABLES.sessions | typeof TABLES.records>> = {
  '/api/webinar-sessions': TABLES.sessions,
  '/api/webinar-records': TABLES.records,
};

const asList = (value: unknown): string[] | undefined =>
  value === undefined ? undefined : Array.isArray(value) ? value.map(String) : [String(value)];

/**
 * Who may see a recording, beyond the access table's school scope: its student; the assignment's
 * teachers (owner and reviewers); the school's proctors, admins and managers. Analysts never.
 */
export async function mayReadRecording(db: ReadModelDb, caller: Caller, row: Row): Promise<boolean> {
  if (caller.schoolId === null || row.school_id !== caller.schoolId || row.deleted) return false;
  switch (caller.group) {
    case 'student':
      return row.owner_id === caller.userId;
    case 'teacher':
      return (
        row.assignment_id !== null &&
        (await staffedAssignments(db, caller)).includes(String(row.assignment_id))
      );
    case 'proctor':
    case 'admin':
    case 'manager':
      return true;
    case 'analyst':
      return false;
    default: {
      const never: never = caller.group;
      return never;
    }
  }
}

/** A media item is its owner's library; the school's admins and managers may see every library. */
export function mayReadMedia(caller: Caller, row: Row): boolean {
  if (caller.schoolId === null || row.school_id !== caller.schoolId || row.deleted) return false;
  return row.owner_id === caller.userId || caller.group === 'admin' || caller.group === 'manager';
}

/**
 * The teacher's narrowing of the record calls (the access table says 'own-school'; the rule above says
 * which assignments): lists keep the rows of their assignments, a single row of another is 404. The
 * media library lists one folder at a time: `parent_id` (absent or 'null' for the root) names it.
 */
export function mediaVisibility(services: Pick<ContextServices, 'db'>) {
  return async (request: FastifyRequest): Promise<void> => {
    const caller = request.caller;
    const url = request.routeOptions.url ?? '';
    if (!caller || caller.schoolId === null || request.method !== 'GET') return;
    if (url === '/api/media') {
      const query = request.query as {
        parent_id?: unknown;
        id?: unknown;
        ids?: unknown;
        filter?: Record<string, unknown>;
      };
      const parent = query.filter?.parent_id ?? query.parent_id;
      delete query.parent_id;
      if (query.filter) delete query.filter.parent_id;
      const folder = parent === undefined || parent === 'null' || parent === '' ? 'root' : String(parent);
      // Asking for items by id reaches them wherever they are; a listing shows one folder.
      if (query.ids === undefined && query.id === undefined && query.filter?.id === undefined) {
        query.filter = { ...query.filter, folder };
      }
      return;
    }
    const single = url.endsWith('/:id');
    const table = BY_ASSIGNMENT[url.replace(/\/:id$/, '')];
    if (caller.group !== 'teacher' || !table) return;
    const staffed = await staffedAssignments(services.db, caller);
    if (single) {
      const { id } = request.params as { id: string };
      const row = await withTables<MediaTables>(services.db)
        .selectFrom(table)
        .select('assignment_id')
        .where('id', '=', id)
        .executeTakeFirst();
      if (row && !staffed.includes(String(row.assignment_id))) throw new NotFoundError(`No record ${id}`);
      return;
    }
    const query = request.query as { assignment_id?: unknown; filter?: Record<string, unknown> };
    const requested = asList(query.filter?.assignment_id ?? query.assignment_id);
    const allowed = requested === undefined ? staffed : requested.filter((id) => staffed.includes(id));
    delete query.assignment_id;
    query.filter = { ...query.filter, assignment_id: allowed.length ? allowed : [NOTHING] };
  };
}
