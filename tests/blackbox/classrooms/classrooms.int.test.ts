import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classroomsContext } from '../../../services/src/contexts/classrooms';
import { classroomCollections } from '../../../services/src/contexts/classrooms/collections';
import { seedGates } from '../../../services/src/contexts/classrooms/seed';
import { identityContext } from '../../../services/src/contexts/identity';
import { peopleContext } from '../../../services/src/contexts/people';
import { referenceContext } from '../../../services/src/contexts/reference';
import { seedReference } from '../../../services/src/contexts/reference/seed';
import { tokenFor } from '../records/records-app';
import { caller, startContextsApp, type Body, type ContextsApp } from '../schools/contexts-app';

/**
 * The classrooms context over real PostgreSQL: a school's teacher builds a room with its schedule, PCs,
 * access-control link and persons, reads it nested with counts, edits and deletes it; students and
 * proctors are refused, another school sees nothing, bad bodies are 422 in the specification's shape.
 */
let env: ContextsApp;
const call = caller(() => env.app);
const teacher = tokenFor('teacher', 'school-a');
const colleague = tokenFor('manager', 'school-a');
const otherTeacher = tokenFor('teacher', 'school-b');
const student = tokenFor('student', 'school-a');
const proctor = tokenFor('proctor', 'school-a');
let pupil: string;
let outsider: string;
let proctorUser: string;

/** A user as identity registers them: straight onto `user-<id>`, projected into the people directory. */
async function registerUser(group: string, school: string, lastname: string): Promise<string> {
  const userId = randomUUID();
  await env.store.append(
    `user-${userId}`,
    [
      {
        id: randomUUID(),
        type: 'UserRegistered',
        data: {
          userId,
          username: `u-${userId}`,
          group,
          schoolIds: [school],
          firstname: 'Айгерим',
          lastname,
          passwordHash: 'not-a-usable-hash',
          registeredAt: new Date().toISOString(),
        },
        metadata: { userId },
      },
    ],
    { expectedVersion: 'no_stream' },
  );
  return userId;
}

async function createRoom(token = teacher, name = 'Кабинет 101') {
  const response = await call('POST', '/api/classrooms', token, {
    name,
    color: '#3366ff',
    timezone_id: 'asia-almaty',
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.entity!.id;
}

beforeAll(async () => {
  env = await startContextsApp([classroomsContext], {
    background: [identityContext, referenceContext, peopleContext],
  });
  await seedReference(env.services);
  await seedGates(env.services);
  pupil = await registerUser('student', 'school-a', 'Касымова');
  outsider = await registerUser('student', 'school-b', 'Чужая');
  proctorUser = await registerUser('proctor', 'school-a', 'Проктор');
  await env.caughtUp();
});
afterAll(async () => env?.close());

describe('a room with its parts', () => {
  let room: string;
  let link: string;
  it('is created with schedules, PCs, an ACS link and a person, and read nested with counts', async () => {
    room = await createRoom();
    for (const weekday of [1, 3]) {
      const schedule = await call('POST', '/api/classroom-schedules', teacher, {
        classroom_id: room,
        weekday,
        work_at_start: '08:30',
        work_at_end: '17:00',
      });
      expect(schedule.status, JSON.stringify(schedule.body)).toBe(201);
      expect(schedule.body.entity).toMatchObject({ weekday, is_workday: true, classroom_id: room });
    }
    for (const [name, hostname] of [
      ['ПК 1', 'pc-101-1'],
      ['ПК 2', 'pc-101-2.school.local'],
    ]) {
      const pc = await call('POST', '/api/classroom-pcs', teacher, { classroom_id: room, name, hostname });
      expect(pc.status, JSON.stringify(pc.body)).toBe(201);
    }
    const gates = await call('GET', '/api/acs-gates', teacher);
    expect(gates.status).toBe(200);
    const gateIds = (gates.body.entities as { id: string }[]).map((g) => g.id);
    expect(gateIds).toContain('zkteco-inbio-160');
    const acs = await call('POST', '/api/classroom-acs', teacher, {
      classroom_id: room,
      acs_gate_id: 'zkteco-inbio-160',
      hostname: '10.0.0.15',
      login: 'admin',
      password: 'door-secret',
    });
    expect(acs.status, JSON.stringify(acs.body)).toBe(201);
    link = acs.body.entity!.id;
    expect(acs.body.entity).toMatchObject({ has_password: true, login: 'admin' });
    const person = await call('POST', '/api/classroom-persons', teacher, {
      classroom_id: room,
      classroom_acs_id: link,
      user_id: pupil,
      access_expired_at: '2099-01-01T00:00:00Z',
    });
    expect(person.status, JSON.stringify(person.body)).toBe(201);
    expect(person.body.entity).toMatchObject({ user_id: pupil, is_access_expired: false });
    expect((person.body.entity!.user as { lastname: string }).lastname).toBe('Касымова');

    const read = await call('GET', `/api/classrooms/${room}`, teacher);
    expect(read.status).toBe(200);
    const entity = read.body.entity!;
    expect(entity).toMatchObject({
      name: 'Кабинет 101',
      color: '#3366ff',
      is_active: true,
      pcs_count: 2,
      persons_count: 1,
      reserves_count: 0,
      timezone: { id: 'asia-almaty', region: 'Asia/Almaty' },
    });
    expect((entity.schedules as { weekday: number }[]).map((s) => s.weekday)).toEqual([1, 3]);
    expect((entity.pcs as { hostname: string }[]).map((p) => p.hostname).sort()).toEqual([
      'pc-101-1',
      'pc-101-2.school.local',
    ]);
    expect((entity.persons as { user: { name: string } }[])[0]!.user.name).toBe('Касымова Айгерим');
    expect((entity.acs as { acs_gate: { model: string } }).acs_gate.model).toBe('inBio160');

    const list = await call('GET', '/api/classrooms?page=1&limit=10', colleague);
    expect(list.status).toBe(200);
    const page = list.body.entities as { data: Body[]; total: number };
    expect(page.total).toBe(1);
    expect(page.data[0]).toMatchObject({ id: room, pcs_count: 2, persons_count: 1 });
  });

  it('never answers the ACS password', async () => {
    for (const url of [`/api/classroom-acs/${link}`, '/api/classroom-acs', `/api/classrooms/${room}`]) {
      const response = await call('GET', url, teacher);
      expect(response.status).toBe(200);
      expect(JSON.stringify(response.body)).not.toContain('door-secret');
      expect(JSON.stringify(response.body)).not.toContain('"password"');
    }
    const changed = await call('PUT', `/api/classroom-acs/${link}`, teacher, { password: 'other-secret' });
    expect(changed.status).toBe(200);
    expect(JSON.stringify(changed.body)).not.toContain('other-secret');
  });

  it('computes is_access_expired from the expiry and the clock', async () => {
    const person = await call('POST', '/api/classroom-persons', teacher, {
      classroom_id: room,
      user_id: pupil,
      access_expired_at: '2020-01-01T00:00:00Z',
    });
    expect(person.status).toBe(201);
    expect(person.body.entity).toMatchObject({ is_access_expired: true });
    const never = await call('PUT', `/api/classroom-persons/${person.body.entity!.id}`, teacher, {
      access_expired_at: null,
    });
    expect(never.body.entity).toMatchObject({ is_access_expired: false, access_expired_at: null });
  });

  it('a partial PUT changes only the fields sent', async () => {
    const response = await call('PUT', `/api/classrooms/${room}`, teacher, { description: 'Информатика' });
    expect(response.status).toBe(200);
    expect(response.body.entity).toMatchObject({
      name: 'Кабинет 101',
      color: '#3366ff',
      description: 'Информатика',
      pcs_count: 2,
    });
  });

  it('a schedule edit keeps its start before its end', async () => {
    const schedules = await call('GET', `/api/classroom-schedules?filter[classroom_id]=${room}`, teacher);
    const first = (schedules.body.entities as { id: string }[])[0]!;
    const bad = await call('PUT', `/api/classroom-schedules/${first.id}`, teacher, { work_at_end: '08:00' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.work_at_end?.[0]).toMatch(/позже/);
  });

  it('deleting a room deletes its parts', async () => {
    const other = await createRoom(teacher, 'Кабинет 202');
    const pc = await call('POST', '/api/classroom-pcs', teacher, {
      classroom_id: other,
      name: 'ПК',
      hostname: 'pc-202',
    });
    expect((await call('DELETE', `/api/classrooms/${other}`, teacher)).status).toBe(204);
    expect((await call('GET', `/api/classrooms/${other}`, teacher)).status).toBe(404);
    expect((await call('GET', `/api/classroom-pcs/${pc.body.entity!.id}`, teacher)).status).toBe(404);
  });
});

describe('who may', () => {
  it('students and proctors are refused every collection', async () => {
    const room = await createRoom();
    for (const token of [student, proctor]) {
      for (const name of [
        'classrooms',
        'classroom-schedules',
        'classroom-pcs',
        'classroom-acs',
        'classroom-persons',
        'acs-gates',
      ]) {
        expect((await call('GET', `/api/${name}`, token)).status).toBe(403);
      }
      expect((await call('GET', `/api/classrooms/${room}`, token)).status).toBe(403);
      expect((await call('POST', '/api/classrooms', token, { name: 'Моя' })).status).toBe(403);
      expect((await call('DELETE', `/api/classrooms/${room}`, token)).status).toBe(403);
    }
    expect((await call('GET', '/api/classrooms', null)).status).toBe(401);
  });

  it("another school's teacher sees nothing and touches nothing", async () => {
    const room = await createRoom();
    const list = await call('GET', '/api/classrooms', otherTeacher);
    expect(list.status).toBe(200);
    expect(list.body.entities).toEqual([]);
    expect((await call('GET', `/api/classrooms/${room}`, otherTeacher)).status).toBe(404);
    expect((await call('PUT', `/api/classrooms/${room}`, otherTeacher, { name: 'Чужой' })).status).toBe(404);
    expect((await call('DELETE', `/api/classrooms/${room}`, otherTeacher)).status).toBe(404);
    // Nor may they hang a PC on it: the room is not theirs, so it does not exist for them.
    const pc = await call('POST', '/api/classroom-pcs', otherTeacher, {
      classroom_id: room,
      name: 'ПК',
      hostname: 'pc-x',
    });
    expect(pc.status).toBe(422);
    expect(pc.body.errors?.classroom_id).toBeDefined();
    expect((await call('GET', '/api/classroom-pcs', otherTeacher)).body.entities).toEqual([]);
  });

  it('a person must be a student or teacher of the school', async () => {
    const room = await createRoom();
    for (const user_id of [outsider, proctorUser, 'nobody']) {
      const response = await call('POST', '/api/classroom-persons', teacher, { classroom_id: room, user_id });
      expect(response.status).toBe(422);
      expect(response.body.errors?.user_id?.[0]).toMatch(/ученик/);
    }
  });
});

describe('malformed bodies are 422, never 500', () => {
  const cases: [string, string, unknown, string][] = [
    ['POST', '/api/classrooms', {}, 'name'],
    ['POST', '/api/classrooms', { name: 'К', color: 'red' }, 'color'],
    ['POST', '/api/classrooms', { name: 'К', timezone_id: 'nowhere' }, 'timezone_id'],
    ['POST', '/api/classrooms', { name: 'К', secret: 1 }, ''],
    [
      'POST',
      '/api/classroom-schedules',
      { classroom_id: 'x', weekday: 8, work_at_start: '08:00', work_at_end: '09:00' },
      'weekday',
    ],
    [
      'POST',
      '/api/classroom-schedules',
      { classroom_id: 'x', weekday: 1, work_at_start: '8am', work_at_end: '09:00' },
      'work_at_start',
    ],
    ['POST', '/api/classroom-pcs', { classroom_id: 'x', name: 'ПК', hostname: 'bad host!' }, 'hostname'],
    ['POST', '/api/classroom-acs', { classroom_id: 'x', acs_gate_id: 'x', hostname: '-' }, 'hostname'],
    [
      'POST',
      '/api/classroom-persons',
      { classroom_id: 'x', user_id: 'y', access_expired_at: 'tomorrow' },
      'access_expired_at',
    ],
    ['POST', '/api/classroom-persons', [], ''],
  ];
  for (const [method, url, payload, field] of cases) {
    it(`${method} ${url} ${JSON.stringify(payload)}`, async () => {
      const response = await call(method, url, teacher, payload);
      expect(response.status, JSON.stringify(response.body)).toBe(422);
      expect(response.body).toMatchObject({ status_code: 422 });
      expect(typeof response.body.message).toBe('string');
      if (field) expect(response.body.errors?.[field], JSON.stringify(response.body)).toBeDefined();
    });
  }
  it('a body that is not JSON is 415, never 500', async () => {
    const response = await call('POST', '/api/classroom-pcs', teacher, 'text');
    expect(response.status).toBe(415);
    expect(response.body).toMatchObject({ status_code: 415 });
  });
  it('field errors are in Russian', async () => {
    const response = await call('POST', '/api/classroom-schedules', teacher, {
      classroom_id: 'x',
      weekday: 0,
      work_at_start: '25:00',
      work_at_end: '09:00',
    });
    expect(response.body.errors).toMatchObject({
      weekday: ['День недели от 1 до 7'],
      work_at_start: ['Время в формате ЧЧ:ММ'],
    });
  });
  it('a schedule whose start is after its end', async () => {
    const room = await createRoom();
    const response = await call('POST', '/api/classroom-schedules', teacher, {
      classroom_id: room,
      weekday: 2,
      work_at_start: '18:00',
      work_at_end: '09:00',
    });
    expect(response.status).toBe(422);
    expect(response.body.errors?.work_at_end).toBeDefined();
  });
});

it('replaying the log twice rebuilds the same rows', async () => {
  await env.caughtUp();
  const events = await env.store.readAll({ maxCount: 100_000 });
  for (const { collection, projection } of classroomCollections) {
    const before = await env.db.selectFrom(collection.table).selectAll().orderBy('id').execute();
    expect(before.length).toBeGreaterThan(0);
    const mine = events.filter((e) => projection.handles.includes(e.type));
    await env.db.transaction().execute(async (tx) => {
      await projection.reset(tx);
      await projection.apply(tx, mine);
      await projection.apply(tx, mine);
    });
    const after = await env.db.selectFrom(collection.table).selectAll().orderBy('id').execute();
    expect(after).toEqual(before);
  }
});
