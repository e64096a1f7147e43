import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPlatform } from '../../../services/src/roles/embedded';
import { client, entityOf, type Body } from '../authoring/http';

type Platform = Awaited<ReturnType<typeof startEmbeddedPlatform>>;
let platform: Platform;
let dataDir: string;
let http: ReturnType<typeof client>;
let manager: string;
let teacher: string;
let student: string;
let outsider: string;

const titles = (answer: { body: Body }) => (answer.body.entities as { title: string }[]).map((e) => e.title);

/** The school's news through the real sign-in: who publishes, who reads what, and another school. */
describe('news records', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(path.resolve('.tmp/news-'));
    platform = await startEmbeddedPlatform({ dataDir, demo: true });
    http = client(platform.url);
    manager = await http.token('manager');
    teacher = await http.token('teacher');
    student = await http.token('student');
    // The admin belongs to both demo schools: in the lyceum they hire a manager of that school.
    const admin = await http.token('admin');
    const schools = (await http.call('GET', '/api/schools.json', admin)).body.entities as {
      id: string;
      name: string;
    }[];
    const lyceum = schools.find((s) => s.name === 'Демо-лицей')!;
    expect((await http.call('POST', '/api/select-school.json', admin, { school_id: lyceum.id })).status).toBe(
      200,
    );
    entityOf(
      await http.call('POST', '/api/teachers', admin, {
        username: 'lyceum.news',
        password: 'Secret123',
        firstname: 'Ерлан',
        lastname: 'Лицейский',
      }),
      201,
    );
    outsider = await http.token('lyceum.news', 'Secret123');
  });
  afterAll(async () => {
    await platform?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  let listedId = '';
  let unlistedId = '';
  let draftId = '';

  it('a manager publishes items; the body is stored sanitised and the fields come back as sent', async () => {
    const listed = entityOf(
      await http.call('POST', '/api/records', manager, {
        title: 'День открытых дверей',
        announce: 'Ждём родителей в субботу',
        categories: ['События', 'Родителям'],
        is_main: true,
        body: '<p onclick="x()">Формула <span data-type="inline-math" data-latex="x^2"></span></p><script>alert(1)</script>',
      }),
      201,
    );
    listedId = listed.id;
    expect(listed).toMatchObject({
      title: 'День открытых дверей',
      categories: ['События', 'Родителям'],
      is_main: true,
      is_unlisted: false,
      status: 'published',
      body: '<p>Формула <span data-type="inline-math" data-latex="x^2"></span></p>',
    });
    unlistedId = entityOf(
      await http.call('POST', '/api/records', manager, { title: 'Только по ссылке', is_unlisted: true }),
      201,
    ).id;
    draftId = entityOf(
      await http.call('POST', '/api/records', manager, { title: 'Черновик', status: 'draft' }),
      201,
    ).id;
    const edited = entityOf(
      await http.call('PUT', `/api/records/${listedId}`, manager, {
        body: '<p>Новый текст</p><img src="x" onerror="alert(1)">',
      }),
    );
    expect(edited.body).toBe('<p>Новый текст</p><img src="x" />');
    expect(edited.categories).toEqual(['События', 'Родителям']);
  });

  it('the manager lists every item of the school, drafts and unlisted ones included', async () => {
    const list = await http.call('GET', '/api/records', manager);
    expect(list.status).toBe(200);
    expect(titles(list)).toEqual(
      expect.arrayContaining(['День открытых дверей', 'Только по ссылке', 'Черновик']),
    );
  });

  it('a student and a teacher list only published, listed items; an unlisted one opens by its link', async () => {
    for (const reader of [student, teacher]) {
      const list = await http.call('GET', '/api/records', reader);
      expect(list.status).toBe(200);
      expect(titles(list)).toEqual(['День открытых дверей']);
      // Asking for unlisted items or drafts in the filter changes nothing: the reader's rule wins.
      const asked = await http.call(
        'GET',
        '/api/records?filter[is_unlisted]=true&filter[status]=draft',
        reader,
      );
      expect(titles(asked)).toEqual(['День открытых дверей']);
      expect(entityOf(await http.call('GET', `/api/records/${unlistedId}`, reader)).title).toBe(
        'Только по ссылке',
      );
      expect((await http.call('GET', `/api/records/${draftId}`, reader)).status).toBe(404);
    }
  });

  it('only the school staff publish, edit and delete', async () => {
    for (const reader of [student, teacher]) {
      expect((await http.call('POST', '/api/records', reader, { title: 'Моя новость' })).status).toBe(403);
      expect((await http.call('PUT', `/api/records/${listedId}`, reader, { title: 'Чужая' })).status).toBe(
        403,
      );
      expect((await http.call('DELETE', `/api/records/${listedId}`, reader)).status).toBe(403);
    }
  });

  it('another school sees none of it', async () => {
    expect(titles(await http.call('GET', '/api/records', outsider))).toEqual([]);
    for (const id of [listedId, unlistedId]) {
      expect((await http.call('GET', `/api/records/${id}`, outsider)).status).toBe(404);
    }
  });

  it('bad input is a 422 under the field, never a 500', async () => {
    const noTitle = await http.call('POST', '/api/records', manager, { title: '  ', categories: 'новости' });
    expect(noTitle.status).toBe(422);
    expect(Object.keys(noTitle.body.errors ?? {})).toEqual(expect.arrayContaining(['title', 'categories']));
    const badStatus = await http.call('PUT', `/api/records/${listedId}`, manager, { status: 'archived' });
    expect(badStatus.status).toBe(422);
  });

  it('a deleted item is gone for everyone', async () => {
    expect((await http.call('DELETE', `/api/records/${unlistedId}`, manager)).status).toBeLessThan(300);
    expect((await http.call('GET', `/api/records/${unlistedId}`, student)).status).toBe(404);
    expect((await http.call('GET', `/api/records/${unlistedId}`, manager)).status).toBe(404);
  });
});
