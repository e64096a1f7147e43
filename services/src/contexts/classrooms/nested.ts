import type { ContextServices } from '../../platform/context';
import { PEOPLE_TABLE } from '../people/directory/table';
import { classroomAcs, classroomPcs, classroomPersons, classroomSchedules } from './collections';
import { TABLES } from './commands';

type Entity = Record<string, unknown>;
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
  const partsOf = async (table: string) =>
    (await services.db
      .selectFrom(table)
      .selectAll()
      .where('classroom_id', 'in', ids)
      .where('deleted', '=', false)
      .orderBy('id')
      .execute()) as Entity[];
  const [schedules, pcs, acs, persons, timezones] = await Promise.all([
    partsOf(TABLES.schedules),
    partsOf(TABLES.pcs),
    partsOf(TABLES.acs),
    partsOf(TABLES.persons),
    services.db
      .selectFrom('reference_timezones')
      .selectAll()
      .where('deleted', '=', false)
      .execute() as Promise<Entity[]>,
  ]);
  const userIds = [...new Set(persons.map((p) => String(p.user_id)))];
  const users = userIds.length
    ? ((await services.db
        .selectFrom(PEOPLE_TABLE)
        .select(['id', 'firstname', 'lastname', 'patronymic', 'group', 'photo'])
        .where('id', 'in', userIds)
        .execute()) as Entity[])
    : [];
  const gates = acs.length
    ? ((await services.db
        .selectFrom(TABLES.gates)
        .selectAll()
        .where('deleted', '=', false)
        .execute()) as Entity[])
    : [];
  const byId = (rows: Entity[]) => new Map(rows.map((r) => [r.id, r]));
  const userById = byId(users);
  const gateById = byId(gates);
  const timezoneById = byId(timezones);
  const of = (rows: Entity[], id: unknown) => rows.filter((r) => r.classroom_id === id);
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

function gateEntity(row: Entity | undefined) {
  if (!row) return null;
  const { id, manufacturer, model, handler, name, description } = row;
  return { id, manufacturer, model, handler, name, description };
}

/** is_access_expired is computed from the clock, never stored: it changes without any event. */
export function personEntity(row: Entity, user: Entity | undefined, now: Date): Entity {
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
