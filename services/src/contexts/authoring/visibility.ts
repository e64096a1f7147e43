import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ContextServices } from '../../platform/context';
import { ForbiddenError, NotFoundError } from '../../platform/errors';
import type { Caller } from '../../platform/http/caller';
import { withTables, type ReadModelDb } from '../../platform/read-models/database';
import { grantedCourses, PAID_ACCESS_REFUSED } from '../shop/grants';
import { TABLES, type AuthoringTables } from './read-model/tables';

/** A value no id equals: narrows a list to nothing without an empty IN (). */
const NOTHING = '-';

const COURSES = '/api/courses';
/** A course's parts, found by their course_id. */
const PARTS: Record<string, typeof TABLES.courseGroups | typeof TABLES.courseMaterials> = {
  '/api/course-groups': TABLES.courseGroups,
  '/api/course-materials': TABLES.courseMaterials,
};
const MATERIALS = '/api/course-materials';

const asList = (value: unknown): string[] | undefined =>
  value === undefined ? undefined : Array.isArray(value) ? value.map(String) : [String(value)];
const within = (requested: string[] | undefined, allowed: string[]) => {
  const kept = requested === undefined ? allowed : requested.filter((id) => allowed.includes(id));
  return kept.length ? kept : [NOTHING];
};

/** The courses a student's request may read, found before the handler and used again on its answer. */
const readable = new WeakMap<FastifyRequest, string[]>();
/** Of those, the prepaid ones the student has not bought: listed, their contents closed. */
const lockedOf = new WeakMap<FastifyRequest, string[]>();

/**
 * What a student reads of a school's courses, which the access table (per collection and group, not
 * per record) cannot say: published courses that are not private, and private ones whose students list
 * names them; of those, every group (a group is published with its course) and the published materials
 * only. Applied after the draft rule (routes.ts); lists are narrowed, a single record outside the rule is
 * 404, as if absent. Other groups are untouched.
 */
export function courseVisibilityRule(services: Pick<ContextServices, 'db'>) {
  return async (request: FastifyRequest): Promise<void> => {
    const caller = request.caller;
    if (!caller || caller.group !== 'student' || caller.schoolId === null) return;
    const url = request.routeOptions.url ?? '';
    const single = url.endsWith('/:id');
    const base = url.replace(/\/:id$/, '');
    if (base !== COURSES && !PARTS[base]) return;
    if (!single && request.method !== 'GET') return;
    const { courses, locked } = await visibleCourses(services.db, caller);
    readable.set(request, courses);
    lockedOf.set(request, locked);
    const open = courses.filter((course) => !locked.includes(course));
    if (single) {
      const { id } = request.params as { id: string };
      if (base === COURSES) {
        if (!courses.includes(id)) throw new NotFoundError('Запись не найдена');
        return;
      }
      const row = await withTables<AuthoringTables>(services.db)
        .selectFrom(PARTS[base]!)
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      const published = base !== MATERIALS || row?.status === 'published';
      if (row && (!courses.includes(row.course_id) || !published))
        throw new NotFoundError('Запись не найдена');
      if (row && locked.includes(row.course_id)) throw new ForbiddenError(PAID_ACCESS_REFUSED);
      return;
    }
    const query = request.query as Record<string, unknown> & { filter?: Record<string, unknown> };
    const field = base === COURSES ? 'id' : 'course_id';
    const requested = asList(query.filter?.[field] ?? query[field]);
    delete query[field];
    // A prepaid course is listed (so it can be bought); its groups and materials only once bought.
    const filter: Record<string, unknown> = {
      ...query.filter,
      [field]: within(requested, base === COURSES ? courses : open),
    };
    if (base === MATERIALS) {
      const status = asList(query.filter?.status ?? query.status);
      delete query.status;
      filter.status = status === undefined || status.includes('published') ? ['published'] : [NOTHING];
    }
    query.filter = filter;
  };
}

/**
 * The courses of the caller's school a student may read: published, and public or naming them or
 * prepaid. A prepaid course neither naming them nor bought by them (the shop's grants) is `locked`.
 */
async function visibleCourses(
  db: ReadModelDb,
  caller: Caller,
): Promise<{ courses: string[]; locked: string[] }> {
  const rows = await withTables<AuthoringTables>(db)
    .selectFrom(TABLES.courses)
    .select([
      'id',
      'availability_type',
      sql<boolean>`students @> ${JSON.stringify([caller.userId])}::jsonb`.as('named'),
    ])
    .where('school_id', '=', caller.schoolId)
    .where('deleted', '=', false)
    .where('status', '=', 'published')
    .where((eb) =>
      eb.or([
        eb('availability_type', '<>', 'private'),
        eb(sql<boolean>`students @> ${JSON.stringify([caller.userId])}::jsonb`, '=', true),
      ]),
    )
    .execute();
  const unpaid = rows.filter((row) => row.availability_type === 'prepaid' && !row.named).map((r) => r.id);
  const bought = await grantedCourses(db, caller.userId, unpaid);
  return {
    courses: rows.map((row) => row.id),
    locked: unpaid.filter((id) => !bought.includes(id)),
  };
}

type Material = { status?: unknown };
type Group = { materials?: Material[] };
type Course = Group & { groups?: Group[]; students?: unknown[]; [key: string]: unknown };

const publishedOnly = (materials: Material[] | undefined) =>
  (materials ?? []).filter((material) => material.status === 'published');

/**
 * A course or group as a student reads it: its draft materials left out, other students unnamed; a
 * prepaid course not bought yet shows no contents and says `is_purchase_required`.
 */
function forStudent(record: Course, caller: Caller, locked: readonly string[] = []): Course {
  if (locked.includes(String(record.id)) && 'availability_type' in record)
    return forStudent({ ...record, groups: [], materials: [], is_purchase_required: true }, caller);
  const shown: Course = { ...record };
  if (Array.isArray(record.materials)) shown.materials = publishedOnly(record.materials);
  if (Array.isArray(record.groups)) {
    shown.groups = record.groups.map((group) => ({ ...group, materials: publishedOnly(group.materials) }));
    shown.materials_count =
      (shown.materials?.length ?? 0) +
      shown.groups.reduce((n, group) => n + (group.materials?.length ?? 0), 0);
  }
  if (Array.isArray(record.students)) {
    // Who else is enrolled is the staff's business, not a classmate's.
    shown.students = record.students.filter((id) => id === caller.userId);
    shown.students_count = shown.students.length;
  }
  return shown;
}

/**
 * The nested views (a course's groups and materials, a group's materials) are built for the authors and
 * carry drafts, and a read's answer may come from the read-model cache, whose key is the caller's scope
 * and the URL, not the caller (platform/http/records/routes.ts): a teacher's answer to the same URL may
 * be served. So a student's answer is cut again, after it is made, to what the rule above lets them read.
 */
export function courseVisibilityAnswer() {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const caller = request.caller;
    const courses = readable.get(request);
    if (!caller || !courses || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const base = (request.routeOptions.url ?? '').replace(/\/:id$/, '');
    const body = JSON.parse(payload) as { entity?: Course; entities?: Course[] | { data?: Course[] } };
    const keep = (record: Course) =>
      base === COURSES
        ? courses.includes(String(record.id))
        : courses.includes(String(record.course_id)) && (base !== MATERIALS || record.status === 'published');
    const locked = base === COURSES ? (lockedOf.get(request) ?? []) : [];
    const cut = (list: Course[]) => list.filter(keep).map((entity) => forStudent(entity, caller, locked));
    if (body.entity) body.entity = forStudent(body.entity, caller, locked);
    // A paged list keeps its rows under entities.data (docs/records-api.md).
    if (Array.isArray(body.entities)) body.entities = cut(body.entities);
    else if (Array.isArray(body.entities?.data)) body.entities.data = cut(body.entities.data);
    return JSON.stringify(body);
  };
}
