import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError, isApiError, records } from '../../shared/api';

export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface Schedule {
  id?: string;
  weekday: number;
  work_at_start: string;
  work_at_end: string;
  is_workday: boolean;
}
export interface Pc {
  id?: string;
  name: string;
  hostname: string;
  is_active: boolean;
}
export interface Person {
  id?: string;
  user_id: string;
  access_expired_at: string | null;
  is_access_expired?: boolean;
  user?: { name: string } | null;
}
export interface AcsLink {
  id: string;
  acs_gate_id: string;
  hostname: string;
  login: string | null;
  has_password: boolean;
}
export interface RoomRecord {
  id: string;
  name: string;
  description: string | null;
  color: string | null;
  timezone_id: string | null;
  have_acs: boolean;
  is_active: boolean;
  timezone: { id: string; region: string; utc: string } | null;
  schedules: (Schedule & { id: string })[];
  pcs: (Pc & { id: string })[];
  persons: (Person & { id: string })[];
  acs: AcsLink | null;
  pcs_count: number;
  persons_count: number;
  reserves_count: number;
}
export interface Timezone {
  id: string;
  region: string;
  utc: string;
}
export interface Gate {
  id: string;
  name: string;
}
export interface StudentOption {
  id: string;
  user: { lastname: string; firstname: string; patronymic: string | null };
}

export const PAGE_SIZE = 25;

export const roomKeys = {
  pages: ['rooms', 'page'] as const,
  page: (page: number) => ['rooms', 'page', page] as const,
  one: (id: string) => ['rooms', 'one', id] as const,
};

export const roomsPageQuery = (page: number) =>
  queryOptions({
    queryKey: roomKeys.page(page),
    queryFn: ({ signal }) => records.page<RoomRecord>('classrooms', { page, limit: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
export const roomQuery = (id: string) =>
  queryOptions({
    queryKey: roomKeys.one(id),
    queryFn: ({ signal }) => records.get<RoomRecord>('classrooms', id, signal),
  });
export const timezonesQuery = queryOptions({
  queryKey: ['rooms', 'timezones'],
  queryFn: ({ signal }) => records.list<Timezone>('timezones', {}, signal),
  staleTime: Infinity,
});
export const gatesQuery = queryOptions({
  queryKey: ['rooms', 'gates'],
  queryFn: ({ signal }) => records.list<Gate>('acs-gates', {}, signal),
  staleTime: Infinity,
});
/** The school's students a teacher may let into a room (teachers read the students of their school). */
export const studentsQuery = queryOptions({
  queryKey: ['rooms', 'students'],
  queryFn: ({ signal }) => records.list<StudentOption>('students', {}, signal),
});
export const nameOf = (s: StudentOption) =>
  [s.user.lastname, s.user.firstname, s.user.patronymic].filter(Boolean).join(' ');

export interface RoomFields {
  name: string;
  description: string;
  color: string;
  timezone_id: string | null;
  is_active: boolean;
  have_acs: boolean;
  schedules: Schedule[];
  pcs: Pc[];
  persons: Person[];
  acs: { acs_gate_id: string | null; hostname: string; login: string; password: string };
}

/**
 * A part's field errors, renamed under the room's form (`pcs.1.hostname`), so the form shows them under
 * the right row and the toast still lists their texts.
 */
async function part<T>(prefix: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isApiError(error) || Object.keys(error.errors).length === 0) throw error;
    const errors = Object.fromEntries(Object.entries(error.errors).map(([f, m]) => [`${prefix}.${f}`, m]));
    throw new ApiError(error.kind, error.message, error.httpStatus, error.statusCode, errors, error.body);
  }
}

const same = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);

/** Writes the rows of one part: new ones created, changed ones updated, dropped ones deleted. */
async function syncRows<Row extends { id?: string }>(
  collection: string,
  key: string,
  roomId: string,
  before: Row[],
  after: Row[],
  body: (row: Row) => object,
) {
  const kept = new Set(after.map((r) => r.id).filter(Boolean));
  for (const row of before) if (row.id && !kept.has(row.id)) await records.remove(collection, row.id);
  for (const [i, row] of after.entries()) {
    const old = before.find((b) => b.id !== undefined && b.id === row.id);
    if (!row.id)
      await part(`${key}.${i}`, () => records.create(collection, { classroom_id: roomId, ...body(row) }));
    else if (!old || !same(body(old), body(row)))
      await part(`${key}.${i}`, () => records.update(collection, row.id!, body(row)));
  }
}

/** Saves the room, then its parts; the room's own fields go first so a new room has an id for them. */
export async function saveRoom(
  room: RoomRecord | null,
  fields: RoomFields,
  onRoomSaved?: (id: string) => void,
): Promise<RoomRecord> {
  const own = {
    name: fields.name,
    description: fields.description.trim() || null,
    color: fields.color || null,
    timezone_id: fields.timezone_id,
    is_active: fields.is_active,
    have_acs: fields.have_acs,
  };
  const saved = room
    ? await records.update<RoomRecord>('classrooms', room.id, own)
    : await records.create<RoomRecord>('classrooms', own);
  onRoomSaved?.(saved.id);
  await syncRows(
    'classroom-schedules',
    'schedules',
    saved.id,
    room?.schedules ?? [],
    fields.schedules,
    (s) => ({
      weekday: s.weekday,
      work_at_start: s.work_at_start,
      work_at_end: s.work_at_end,
      is_workday: s.is_workday,
    }),
  );
  await syncRows('classroom-pcs', 'pcs', saved.id, room?.pcs ?? [], fields.pcs, (p) => ({
    name: p.name,
    hostname: p.hostname,
    is_active: p.is_active,
  }));
  await syncRows('classroom-persons', 'persons', saved.id, room?.persons ?? [], fields.persons, (p) => ({
    user_id: p.user_id,
    access_expired_at: p.access_expired_at,
  }));
  await saveAcs(saved.id, room?.acs ?? null, fields);
  return records.get<RoomRecord>('classrooms', saved.id);
}

async function saveAcs(roomId: string, link: AcsLink | null, fields: RoomFields) {
  const { acs_gate_id, hostname, login, password } = fields.acs;
  if (!fields.have_acs || !acs_gate_id) {
    if (link) await records.remove('classroom-acs', link.id);
    return;
  }
  // The password is write-only: sent only when typed, so an edit never blanks the stored one.
  const body = { acs_gate_id, hostname, login: login || null, ...(password ? { password } : {}) };
  await part('acs', () =>
    link
      ? records.update('classroom-acs', link.id, body)
      : records.create('classroom-acs', { classroom_id: roomId, ...body }),
  );
}
