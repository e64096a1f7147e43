import type { ContextServices } from '../../platform/context';
import type { Caller } from '../../platform/http/caller';
import { withTables } from '../../platform/read-models/database';
import { WEBINARS_TABLE, type WebinarRow, type WebinarsTables } from './read-model/tables';

export type WebinarRole = 'moderator' | 'participant';

type Services = Pick<ContextServices, 'db'>;

const list = (value: unknown): string[] => {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? parsed.map(String) : [];
};

export const participantsOf = (row: WebinarRow) => list(row.participants);

/** A webinar that exists and is not deleted, of any school (callers are checked by `roleIn`). */
export async function webinarRow(services: Services, id: string): Promise<WebinarRow | undefined> {
  return await withTables<WebinarsTables>(services.db)
    .selectFrom(WEBINARS_TABLE)
    .selectAll()
    .where('id', '=', id)
    .where('deleted', '=', false)
    .executeTakeFirst();
}

/**
 * Who the caller is in a webinar of their school: its owner, the school's managers and admins, the
 * class's teachers and the assignment's owner moderate (and may end it); the named participants, the
 * class's students and the assignment's students take part. Anybody else (another class, another
 * school) is nobody: the webinar is invisible to them and its channel refuses them.
 */
export async function roleIn(
  services: Services,
  caller: Caller,
  row: WebinarRow,
): Promise<WebinarRole | null> {
  const db = withTables<WebinarsTables>(services.db);
  if (caller.schoolId === null || row.school_id !== caller.schoolId) return null;
  if (row.owner_id === caller.userId) return 'moderator';
  if (caller.group === 'admin' || caller.group === 'manager') return 'moderator';
  let role: WebinarRole | null = participantsOf(row).includes(caller.userId) ? 'participant' : null;
  if (typeof row.class_id === 'string') {
    const group = await db
      .selectFrom('assignments_classes')
      .select(['teachers', 'students'])
      .where('id', '=', row.class_id)
      .where('school_id', '=', caller.schoolId)
      .where('deleted', '=', false)
      .executeTakeFirst();
    if (group && list(group.teachers).includes(caller.userId)) return 'moderator';
    if (group && list(group.students).includes(caller.userId)) role = 'participant';
  }
  if (typeof row.assignment_id === 'string') {
    const assignment = await db
      .selectFrom('assignments_assignments')
      .select(['owner_id', 'students'])
      .where('id', '=', row.assignment_id)
      .where('school_id', '=', caller.schoolId)
      .where('deleted', '=', false)
      .executeTakeFirst();
    if (assignment?.owner_id === caller.userId) return 'moderator';
    if (assignment && list(assignment.students).includes(caller.userId)) role = 'participant';
  }
  return role;
}

/**
 * Who may join: the owner, the named participants, the class's teachers and students and the
 * assignment's students (each once).
 */
export async function peopleOf(services: Services, row: WebinarRow): Promise<Set<string>> {
  const db = withTables<WebinarsTables>(services.db);
  const people = new Set([row.owner_id, ...participantsOf(row)]);
  if (typeof row.class_id === 'string') {
    const group = await db
      .selectFrom('assignments_classes')
      .select(['teachers', 'students'])
      .where('id', '=', row.class_id)
      .where('deleted', '=', false)
      .executeTakeFirst();
    for (const id of [...list(group?.teachers), ...list(group?.students)]) people.add(id);
  }
  if (typeof row.assignment_id === 'string') {
    const assignment = await db
      .selectFrom('assignments_assignments')
      .select(['owner_id', 'students'])
      .where('id', '=', row.assignment_id)
      .where('deleted', '=', false)
      .executeTakeFirst();
    if (typeof assignment?.owner_id === 'string') people.add(assignment.owner_id);
    for (const id of list(assignment?.students)) people.add(id);
  }
  return people;
}

/** How many people may join; decides between the mesh and the SFU (transport.ts). */
export async function headcountOf(services: Services, row: WebinarRow): Promise<number> {
  return (await peopleOf(services, row)).size;
}

/**
 * The names of `people` (peopleOf), from the people directory of the webinar's school, so a call's
 * tiles say who is who (the signalling names peers by user id only).
 */
export async function namesOf(
  services: Services,
  row: WebinarRow,
  people: ReadonlySet<string>,
): Promise<{ id: string; name: string }[]> {
  const ids = [...people];
  if (ids.length === 0 || typeof row.school_id !== 'string') return [];
  const found = await withTables<WebinarsTables>(services.db)
    .selectFrom('people_directory')
    .select(['id', 'firstname', 'lastname'])
    .where('id', 'in', ids)
    .where('school_id', '=', row.school_id)
    .execute();
  return found.map((person) => ({ id: person.id, name: `${person.firstname} ${person.lastname}`.trim() }));
}
