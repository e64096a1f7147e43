import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor, notices, startRecordsApp, tokenFor, type RecordsApp } from './records-app';

let records: RecordsApp;
let app: FastifyInstance;
const school = 'school-q';
const teacher = { authorization: `Bearer ${tokenFor('teacher', school)}` };
let ids: string[] = [];

beforeAll(async () => {
  records = await startRecordsApp();
  app = records.app;
  const author = callerFor('teacher', school);
  ids = [];
  for (let i = 0; i < 23; i++) {
    const title = `Объявление ${String(i).padStart(2, '0')}`;
    ids.push(await records.plant(notices.collection, { title, body: i % 2 ? 'нечётное' : null }, author));
  }
  await records.caughtUp();
});
afterAll(async () => records?.close());

const list = (query: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/api/notices${query}`, headers: { ...teacher, ...headers } });

describe('list queries', () => {
  it('pages with current_page, last_page, total and per_page, and clamps past the end', async () => {
    const second = (await list('?page=2&limit=10&orderBy=title')).json().entities;
    expect(second).toMatchObject({ current_page: 2, last_page: 3, total: 23, per_page: 10 });
    expect(second.data.map((n: { title: string }) => n.title)[0]).toBe('Объявление 10');
    const past = (await list('?page=9&limit=10&orderBy=title')).json().entities;
    expect(past).toMatchObject({ current_page: 3, last_page: 3 });
    expect(past.data).toHaveLength(3);
    const paginable = (await list('?paginable=1')).json().entities;
    expect(paginable).toMatchObject({ current_page: 1, per_page: 10, total: 23 });
  });

  it('is a plain array without page, ordered by a whitelisted field in either direction', async () => {
    const plain = (await list('?orderBy=title&sortedBy=desc&limit=2')).json().entities;
    expect(plain.map((n: { title: string }) => n.title)).toEqual(['Объявление 22', 'Объявление 21']);
  });

  it('filters by ids[], by filter[field] and by the field itself', async () => {
    const byIds = (await list(`?ids[]=${ids[0]}&ids[]=${ids[1]}`)).json().entities;
    expect(byIds.map((n: { id: string }) => n.id).sort()).toEqual([ids[0], ids[1]].sort());
    const byFilter = (await list('?filter[title]=Объявление%2003')).json().entities;
    expect(byFilter).toHaveLength(1);
    const byArray = (await list('?filter[title][]=Объявление%2003&filter[title][]=Объявление%2004')).json();
    expect(byArray.entities).toHaveLength(2);
    expect((await list('?title=Объявление%2005')).json().entities).toHaveLength(1);
  });

  it('trims entities to X-Requested-Fields', async () => {
    const trimmed = (await list('?limit=1', { 'x-requested-fields': 'id, title' })).json().entities;
    expect(Object.keys(trimmed[0])).toEqual(['id', 'title']);
    const one = await app.inject({
      method: 'GET',
      url: `/api/notices/${ids[0]}`,
      headers: { ...teacher, 'x-requested-fields': 'title' },
    });
    expect(one.json()).toEqual({ entity: { title: 'Объявление 00' } });
  });

  it('refuses what it does not understand with 422 and errors per field', async () => {
    const cases: [string, string][] = [
      ['?limit=1000', 'limit'],
      ['?limit=abc', 'limit'],
      ['?page=0', 'page'],
      ['?orderBy=body', 'orderBy'],
      ['?sortedBy=sideways', 'sortedBy'],
      ['?ids[]=../etc', 'ids'],
      ['?filter[body]=x', 'filter'],
      ['?filter[title]=%00', 'filter.title'],
    ];
    for (const [query, field] of cases) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(422);
      const body = response.json();
      expect(body.status_code).toBe(422);
      expect(
        Object.keys(body.errors).some((key) => key.startsWith(field)),
        `${query} → ${JSON.stringify(body)}`,
      ).toBe(true);
    }
    const fields = await list('', { 'x-requested-fields': 'id;drop' });
    expect(fields.statusCode).toBe(422);
    expect(fields.json().errors).toHaveProperty('X-Requested-Fields');
  });

  it('answers 404 for an unknown id and 422 for a malformed one', async () => {
    expect(
      (await app.inject({ method: 'GET', url: '/api/notices/unknown-id', headers: teacher })).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: '/api/notices/bad%20id', headers: teacher })).statusCode,
    ).toBe(422);
  });
});

describe('OpenAPI', () => {
  it('describes the record routes from the same zod schemas', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/cities', '/api/cities/{id}', '/api/languages']),
    );
    const create = doc.paths['/api/cities'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(create.properties)).toEqual(expect.arrayContaining(['slug', 'name', 'region_id']));
    const parameters = doc.paths['/api/cities'].get.parameters.map((p: { name: string }) => p.name);
    expect(parameters).toEqual(expect.arrayContaining(['page', 'limit', 'orderBy', 'filter']));
    const ui = await app.inject({ method: 'GET', url: '/docs' });
    expect(ui.statusCode).toBeLessThan(400);
  });
});
