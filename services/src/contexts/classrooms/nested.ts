import type { Selectable } from 'kysely';
import type { ContextServices } from '../../platform/context';
import { withTables } from '../../platform/read-models/database';
import { PEOPLE_TABLE } from '../people/directory/table';
import { classroomAcs, classroomPcs, classroomPersons, classroomSchedules } from './collections';
import { TABLES, type ClassroomsTables } from './tables';

type Entity = Record<string, unknown>;
/** The person columns an answer shows of a user. */
export type PersonUser = Pick<
  Selectable<ClassroomsTables['people_directory']>,
  'id' | 'firstname' | 'lastname' | 'patronymic' | 'group' | 'photo'
>;
type GateRow = Selectable<ClassroomsTables['classrooms_acs_gates']>;
const byName = new Intl.Collator('ru', { numeric: true });

/**
 * Adds to each classroom what the specification nests in it: its schedules, PCs, ACS links (without
 * the password) and persons (with the user's name), and the counts. Read at answer time from the parts'
 * read models, so a room never shows a stale count. reserves_count is always 0: this product has no
 * reservations (docs/classrooms.md).
 */
export async function withParts(
  services: ContextServices,
  classrooms: Entity[],
  now: Date,
): Promise<Entity[]> {
  const ids = classrooms.map((c) => c.id).filter((id): id is string => typeof id === 'string');
  if (ids.length === 0) return classrooms;
  const db = withTables<ClassroomsTables>(services.db);
  // One query per part: each row keeps its own table's type.
  const [schedules, pcs, acs, persons, timezones] = await Promise.all([
    db
      .selectFrom(TABLES.schedules)
      .selectAll()
      .where('classroom_id', 'in', ids)
      .where('deleted', '=', false)
      .orderBy('id')
      .execute(),
    db
      .selectFrom(TABLES.pcs)
      .selectAll()
      .where('classroom_id', 'in', ids)
      .where('deleted', '=', false)
      .orderBy('id')
      .execute(),
    db
      .selectFrom(TABLES.acs)
      .selectAll()
      .where('classroom_id', 'in', ids)
      .where('deleted', '=', false)
      .orderBy('id')
      .execute(),
    db
      .selectFrom(TABLES.persons)
      .selectAll()
      .where('classroom_id', 'in', ids)
      .where('deleted', '=', false)
      .orderBy('id')
      .execute(),
    db.selectFrom('reference_timezones').selectAll().where('deleted', '=', false).execute(),
  ]);
  const userIds = [...new Set(persons.map((p) => String(p.user_id)))];
  const users = userIds.length
    ? await db
        .selectFrom(PEOPLE_TABLE)
        .select(['id', 'firstname', 'lastname', 'patronymic', 'group', 'photo'])
        .where('id', 'in', userIds)
        .execute()
    : [];
  const gates = acs.length
    ? await db.selectFrom(TABLES.gates).selectAll().where('deleted', '=', false).execute()
    : [];
  const byId = <R extends { id: string }>(rows: R[]) => new Map<unknown, R>(rows.map((r) => [r.id, r]));
  const userById = byId(users);
  const gateById = byId(gates);
  const timezoneById = byId(timezones);
  const of = <R extends { classroom_id: string | null }>(rows: R[], id: unknown) =>
    rows.filter((r) => r.classroom_id === id);
  return classrooms.map((classroom) => {
    const roomSchedules = of(schedules, classroom.id)
      .map((r) => classroomSchedules.collection.toEntity(r))
      .sort(
        (a, b) =>
          Number(a.weekday) - Number(b.weekday) ||
          String(a.work_at_start).localeCompare(String(b.work_at_start)),
      );
    // Named order ("ПК 2" before "ПК 10"), so a form's rows keep their places between reads.
    const roomPcs = of(pcs, classroom.id)
      .map((r) => classroomPcs.collection.toEntity(r))
      .sort(
        (a, b) => byName.compare(String(a.name), String(b.name)) || String(a.id).localeCompare(String(b.id)),
      );
    const roomAcs = of(acs, classroom.id).map((r) => ({
      ...classroomAcs.collection.toEntity(r),
      acs_gate: gateEntity(gateById.get(r.acs_gate_id)),
    }));
    const roomPersons = of(persons, classroom.id).map((r) => personEntity(r, userById.get(r.user_id), now));
    const timezone = timezoneById.get(classroom.timezone_id);
    return {
      ...classroom,
      timezone: timezone ? { id: timezone.id, region: timezone.region, utc: timezone.utc } : null,
      acs: roomAcs[0] ?? null,
      pcs: roomPcs,
      schedules: roomSchedules,
      persons: roomPersons,
      pcs_count: roomPcs.length,
      persons_count: roomPersons.length,
      reserves_count: 0,
    };
  });
}

function gateEntity(row: GateRow | undefined) {
  if (!row) return null;
  const { id, manufacturer, model, handler, name, description } = row;
  return { id, manufacturer, model, handler, name, description };
}

/** is_access_expired is computed from the clock, never stored: it changes without any event. */
export function personEntity(row: Entity, user: PersonUser | undefined, now: Date): Entity {
  const entity = classroomPersons.collection.toEntity(row);
  const expiry = typeof row.access_expired_at === 'string' ? Date.parse(row.access_expired_at) : NaN;
  return {
    ...entity,
    is_access_expired: Number.isFinite(expiry) && expiry <= now.getTime(),
    user: user
      ? {
          id: user.id,
          firstname: user.firstname,
          lastname: user.lastname,
          patronymic: user.patronymic ?? null,
          name: [user.lastname, user.firstname].filter(Boolean).join(' '),
          group: user.group,
          photo: user.photo ?? null,
        }
      : null,
  };
}
