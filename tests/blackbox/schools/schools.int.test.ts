import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolsContext } from '../../../services/src/contexts/schools';
import { schoolsProjection } from '../../../services/src/contexts/schools/projection';
import { SCHOOLS_TABLE } from '../../../services/src/contexts/schools/table';
import { tokenFor } from '../records/records-app';
import { caller, startContextsApp, type ContextsApp } from './contexts-app';

/**
 * `/api/schools` over identity's school streams: the admin lists, creates and edits every school, a
 * manager reads their own, everybody else is refused; bad input is a 422 in the specification's shape.
 */
let env: ContextsApp;
const call = caller(() => env.app);
const admin = tokenFor('admin', 'school-a');
const manager = tokenFor('manager', 'school-a');
const otherManager = tokenFor('manager', 'school-b');

/** Schools as identity registers them (the demo seed, registration): straight onto `school-<id>`. */
async function registerSchool(schoolId: string, name: string) {
  await env.store.append(
    `school-${schoolId}`,
    [
      {
        id: randomUUID(),
        type: 'SchoolRegistered',
        data: { schoolId, type: 'school', name },
        metadata: {},
      },
    ],
    { expectedVersion: 'no_stream' },
  );
}

beforeAll(async () => {
  env = await startContextsApp([schoolsContext]);
  await registerSchool('school-a', 'Лицей А');
  await registerSchool('school-b', 'Гимназия Б');
  await env.caughtUp();
});
afterAll(async () => {
  await env?.close();
});

describe('the schools collection', () => {
  it('shows identity’s registered schools to the admin', async () => {
    const { status, body } = await call('GET', '/api/schools?orderBy=name', admin);
    expect(status).toBe(200);
    const names = (body.entities as { name: string }[]).map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(['Лицей А', 'Гимназия Б']));
  });

  it('lets the admin create a school (201) with the specification’s fields, and edit it partially', async () => {
    const created = await call('POST', '/api/schools', admin, {
      name: 'Школа Алматы',
      email: 'info@almaty.kz',
      short_description: 'Физико-математическая',
      region_id: 'almaty-region',
      city_id: 'almaty',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const school = created.body.entity!;
    expect(school).toMatchObject({
      type: 'school',
      name: 'Школа Алматы',
      logo: null,
      logo_thumb: null,
      website: null,
      email: 'info@almaty.kz',
      short_description: 'Физико-математическая',
      call_center_phone: null,
      region_id: 'almaty-region',
      city_id: 'almaty',
    });
    // One stream per school, identity's: registration first, then this context's edit.
    const stream = await env.store.readStream(`school-${school.id}`);
    expect(stream.map((e) => e.type)).toEqual(['SchoolRegistered', 'SchoolProfileUpdated']);

    const edited = await call('PUT', `/api/schools/${school.id}`, admin, {
      call_center_phone: '+77270000000',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.entity).toMatchObject({ name: 'Школа Алматы', call_center_phone: '+77270000000' });
    const unchanged = await call('PUT', `/api/schools/${school.id}`, admin, { name: 'Школа Алматы' });
    expect(unchanged.status).toBe(200);
    expect(await env.store.readStream(`school-${school.id}`)).toHaveLength(3);
  });

  it('answers 422 in the specification’s shape for bad input', async () => {
    const missing = await call('POST', '/api/schools', admin, { email: 'not-an-email' });
    expect(missing.status).toBe(422);
    expect(missing.body.status_code).toBe(422);
    expect(Object.keys(missing.body.errors ?? {})).toEqual(expect.arrayContaining(['name', 'email']));
    const unknown = await call('POST', '/api/schools', admin, { name: 'X', region: 'nope' });
    expect(unknown.status).toBe(422);
    const badEdit = await call('PUT', '/api/schools/school-a', admin, { name: '' });
    expect(badEdit.status).toBe(422);
  });

  it('shows a manager their own school only; another school is 404, as if absent', async () => {
    const list = await call('GET', '/api/schools', manager);
    expect(list.status).toBe(200);
    expect((list.body.entities as { id: string }[]).map((s) => s.id)).toEqual(['school-a']);
    expect((await call('GET', '/api/schools/school-a', manager)).body.entity).toMatchObject({
      name: 'Лицей А',
    });
    expect((await call('GET', '/api/schools/school-a', otherManager)).status).toBe(404);
    expect((await call('GET', '/api/schools/school-b', otherManager)).status).toBe(200);
  });

  it('refuses managers’ writes and every other group', async () => {
    expect((await call('POST', '/api/schools', manager, { name: 'Моя школа' })).status).toBe(403);
    expect((await call('PUT', '/api/schools/school-a', manager, { name: 'Моя школа' })).status).toBe(403);
    for (const group of ['teacher', 'student', 'proctor', 'analyst'] as const) {
      const token = tokenFor(group, 'school-a');
      expect((await call('GET', '/api/schools', token)).status, group).toBe(403);
      expect((await call('GET', '/api/schools/school-a', token)).status, group).toBe(403);
      expect((await call('POST', '/api/schools', token, { name: 'X' })).status, group).toBe(403);
    }
    expect((await call('GET', '/api/schools', null)).status).toBe(401);
  });

  it('never deletes a school, not even for the admin', async () => {
    expect((await call('DELETE', '/api/schools/school-b', admin)).status).toBe(403);
    expect((await call('GET', '/api/schools/school-b', admin)).status).toBe(200);
  });

  it('editing an unknown school is 404', async () => {
    expect((await call('PUT', '/api/schools/no-such-school', admin, { name: 'X' })).status).toBe(404);
  });

  it('rebuilds to the same rows when the log is replayed twice', async () => {
    const before = await env.db.selectFrom(SCHOOLS_TABLE).selectAll().orderBy('id').execute();
    const events = await env.store.readAll({ maxCount: 10_000 });
    const mine = events.filter((e) => schoolsProjection.handles.includes(e.type));
    await env.db.transaction().execute(async (tx) => {
      await schoolsProjection.reset(tx);
      await schoolsProjection.apply(tx, mine);
      await schoolsProjection.apply(tx, mine);
    });
    const after = await env.db.selectFrom(SCHOOLS_TABLE).selectAll().orderBy('id').execute();
    expect(after).toEqual(before);
  });
});
