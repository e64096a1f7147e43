import { randomUUID } from 'node:crypto';
import type { StoredEvent } from '@sabaq/events';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyEvent } from '../../support/events';
import { cities, referenceCollections } from '../../../services/src/contexts/reference/collections';
import { seedReference } from '../../../services/src/contexts/reference/seed';
import { callerFor, startRecordsApp, tokenFor, type RecordsApp } from './records-app';

let records: RecordsApp;
let app: FastifyInstance;
const admin = { authorization: `Bearer ${tokenFor('admin', 'school-a')}` };
const student = { authorization: `Bearer ${tokenFor('student', 'school-a')}` };

beforeAll(async () => {
  records = await startRecordsApp();
  app = records.app;
});
afterAll(async () => records?.close());

describe('reference data', () => {
  it('lists the bundled languages under entities, Russian by default, and one under entity', async () => {
    const list = await app.inject({ method: 'GET', url: '/api/languages', headers: student });
    expect(list.statusCode).toBe(200);
    const entities = list.json().entities as { code: string; is_default: number; name: string }[];
    expect(entities.map((l) => l.code)).toEqual(['kz', 'ru', 'en']);
    expect(entities.find((l) => l.is_default === 1)?.code).toBe('ru');
    const one = await app.inject({ method: 'GET', url: '/api/languages/ru', headers: student });
    expect(one.json()).toEqual({
      entity: { id: 'ru', status: 1, code: 'ru', iso: 'ru', name: 'Русский', is_default: 1, weight: 2 },
    });
  });

  it('serves countries, timezones and the enumerations', async () => {
    const countries = await app.inject({ method: 'GET', url: '/api/countries', headers: student });
    expect(countries.json().entities.map((c: { id: string }) => c.id)).toContain('kz');
    // The basket's customer step lists a country's cities (000 §7: the cities list by country_id).
    const citiesOf = async (country: string) =>
      (await app.inject({ method: 'GET', url: `/api/cities?country_id=${country}`, headers: student }))
        .json()
        .entities.map((c: { id: string; country_id: string }) => [c.id, c.country_id]);
    expect(await citiesOf('kz')).toEqual([
      ['almaty', 'kz'],
      ['astana', 'kz'],
    ]);
    expect(await citiesOf('ru')).toEqual([]);
    const zones = await app.inject({ method: 'GET', url: '/api/timezones', headers: student });
    expect(zones.json().entities[0]).toMatchObject({
      id: 'asia-almaty',
      region: 'Asia/Almaty',
      utc: '+05:00',
    });
    const all = await app.inject({ method: 'GET', url: '/api/enums.json', headers: student });
    expect(Object.keys(all.json().entities)).toEqual(
      expect.arrayContaining([
        'media-statuses',
        'task-states',
        'assignment-statuses',
        'assignment-types',
        'result-codes',
      ]),
    );
    const one = await app.inject({ method: 'GET', url: '/api/enum/result-codes.json', headers: student });
    expect(one.json().entities.map((i: { raw: number }) => i.raw)).toEqual([0, 1, 2, 3]);
    const missing = await app.inject({ method: 'GET', url: '/api/enum/nothing.json', headers: student });
    expect(missing.statusCode).toBe(404);
  });

  it('seeds idempotently and never undoes an edit', async () => {
    const put = await app.inject({
      method: 'PUT',
      url: '/api/cities/astana',
      headers: admin,
      payload: { description: 'Столица' },
    });
    expect(put.statusCode).toBe(200);
    await seedReference(records.services);
    await seedReference(records.services);
    await records.caughtUp();
    const list = await app.inject({ method: 'GET', url: '/api/languages', headers: admin });
    expect(list.json().entities).toHaveLength(3);
    const city = await app.inject({ method: 'GET', url: '/api/cities/astana', headers: admin });
    expect(city.json().entity).toMatchObject({ description: 'Столица', country_id: 'kz' });
    // A field added to the fixed rows later (the city's country) comes once, as its own Updated event,
    // so an installation seeded before it gets it too.
    expect((await records.store.readStream('city-almaty')).map((e) => [e.id, e.type])).toEqual([
      ['seed-city-almaty', 'CityCreated'],
      ['seed-city-almaty-country', 'CityUpdated'],
    ]);
  });

  it('leaves the read models unchanged when every event is replayed twice', async () => {
    const tables = referenceCollections.map((c) => c.collection.table);
    const snapshot = async () =>
      Promise.all(tables.map((t) => records.db.selectFrom(t).selectAll().orderBy('id').execute()));
    const before = await snapshot();
    const events = await everyEvent(records.store);
    await records.db.transaction().execute(async (tx) => {
      for (const projection of referenceCollections.map((c) => c.projection)) {
        const handled = events.filter((e) => projection.handles.includes(e.type));
        await projection.apply(tx, handled);
        await projection.apply(tx, handled);
      }
    });
    expect(await snapshot()).toEqual(before);
  });

  it('answers 401 in the error shape without a token', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/languages' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.', errors: {}, status_code: 401 });
  });
});

describe('writes', () => {
  it('creates (201), reads back at once, patches only what was sent, deletes (204, then 404)', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/cities',
      headers: admin,
      payload: { region_id: 'almaty', slug: 'talgar', name: 'Талгар' },
    });
    expect(created.statusCode).toBe(201);
    const entity = created.json().entity;
    expect(entity).toMatchObject({ slug: 'talgar', name: 'Талгар', description: null, is_default: false });
    const url = `/api/cities/${entity.id}`;
    const patched = await app.inject({
      method: 'PUT',
      url,
      headers: admin,
      payload: { description: 'Город' },
    });
    expect(patched.json().entity).toEqual({ ...entity, description: 'Город' });
    const same = await app.inject({ method: 'PUT', url, headers: admin, payload: { description: 'Город' } });
    expect(same.statusCode).toBe(200);
    expect((await records.store.readStream(`city-${entity.id}`)).length).toBe(2);
    expect((await app.inject({ method: 'DELETE', url, headers: admin })).statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url, headers: admin })).statusCode).toBe(404);
    const again = await app.inject({ method: 'PUT', url, headers: admin, payload: { name: 'x' } });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ status_code: 404, errors: {} });
  });

  it('refuses invalid bodies with 422 and errors per field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/cities',
      headers: admin,
      payload: { slug: 'Not A Slug', name: '', extra: 1 },
    });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.status_code).toBe(422);
    expect(Object.keys(body.errors)).toEqual(expect.arrayContaining(['slug', 'name']));
  });

  it('turns a write decided on a stale version into a 409, never a lost update', async () => {
    const stale = await startRecordsApp({
      // The store answers the command with the history as it was one event ago, like a racing writer.
      wrapStore: (store) =>
        Object.assign(Object.create(store) as typeof store, {
          readStream: async (id: string) => (await store.readStream(id)).slice(0, -1) as StoredEvent[],
        }),
    });
    try {
      const created = cities.collection.create.parse({ slug: 'esik', name: 'Есик' });
      const id = await stale.plant(cities.collection, created, callerFor('admin', 'a'));
      // Someone else's edit lands after the stale reader loaded the record.
      await stale.store.append(`city-${id}`, [
        { id: randomUUID(), type: 'CityUpdated', data: { id, changes: { description: 'Чужая правка' } } },
      ]);
      await stale.caughtUp();
      const conflict = await stale.app.inject({
        method: 'PUT',
        url: `/api/cities/${id}`,
        headers: admin,
        payload: { name: 'Иссык' },
      });
      expect(conflict.statusCode).toBe(409);
      expect(conflict.json()).toMatchObject({ status_code: 409, errors: {} });
      const kept = await stale.app.inject({ method: 'GET', url: `/api/cities/${id}`, headers: admin });
      expect(kept.json().entity).toMatchObject({ name: 'Есик', description: 'Чужая правка' });
    } finally {
      await stale.close();
    }
  });
});
