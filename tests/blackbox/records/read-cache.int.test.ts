import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPlatform } from '../../../services/src/roles/embedded';
import { readModelCacheOf } from '../../../services/src/platform/read-models/read-model-cache';
import { client, entityOf } from '../authoring/http';

type Platform = Awaited<ReturnType<typeof startEmbeddedPlatform>>;
let platform: Platform;
let dataDir: string;
let http: ReturnType<typeof client>;
let admin: string;
let regionId: string;

async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const nameOf = async (token = admin) =>
  entityOf(await http.call('GET', `/api/regions/${regionId}`, token)).name as string;

/** Another process's change: appended to the store directly, so no waiting writer tells this api. */
async function renameElsewhere(name: string): Promise<void> {
  await platform.store.append(
    `region-${regionId}`,
    [{ id: randomUUID(), type: 'RegionUpdated', data: { id: regionId, changes: { name } }, metadata: {} }],
    { expectedVersion: 'any' },
  );
}

/** Record reads are cached in the api process; these checks are what the cache must never break. */
describe('the read-model cache behind the record API', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(path.resolve('.tmp/read-cache-'));
    platform = await startEmbeddedPlatform({ dataDir, demo: true });
    http = client(platform.url!);
    admin = await http.token('admin');
    regionId = entityOf(await http.call('POST', '/api/regions', admin, { name: 'Абайская' }), 201).id;
  });
  afterAll(async () => {
    await platform?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is live, and answers repeated reads without asking the database', async () => {
    const cache = readModelCacheOf(platform.db)!;
    expect(cache.isLive()).toBe(true);
    expect(await nameOf()).toBe('Абайская');
    const cached = await regionQueriesDuring(async () => {
      for (let i = 0; i < 20; i++) expect(await nameOf()).toBe('Абайская');
    });
    expect(cached).toBe(0);
    // The same reads with the cache bypassed each ask the database: the counter does see them.
    cache.setLive(false);
    const uncached = await regionQueriesDuring(async () => {
      for (let i = 0; i < 20; i++) expect(await nameOf()).toBe('Абайская');
    });
    cache.setLive(true);
    expect(uncached).toBe(20);
  });

  it('shows the writer its own change at once (read-your-writes)', async () => {
    for (const name of ['Абай', 'Жетісу', 'Ұлытау']) {
      expect(entityOf(await http.call('PUT', `/api/regions/${regionId}`, admin, { name })).name).toBe(name);
      expect(await nameOf()).toBe(name);
      const list = await http.call('GET', `/api/regions?filter[id]=${regionId}`, admin);
      expect((list.body.entities as { name: string }[])[0]!.name).toBe(name);
    }
  });

  it("sees another process's change once its projection has committed it", async () => {
    expect(await nameOf()).toBe('Ұлытау');
    await renameElsewhere('Ұлытауская');
    await eventually(async () => (await nameOf()) === 'Ұлытауская', 5_000);
  });

  it('keeps whole answers apart by requested fields and by caller', async () => {
    const url = `/api/regions?filter[id]=${regionId}`;
    for (let round = 0; round < 2; round++) {
      const whole = await http.call('GET', url, admin);
      const trimmed = await http.call('GET', url, admin, undefined, { 'x-requested-fields': 'id' });
      expect(Object.keys((whole.body.entities as object[])[0]!).sort()).toContain('name');
      expect(Object.keys((trimmed.body.entities as object[])[0]!)).toEqual(['id']);
      const single = await http.call('GET', `/api/regions/${regionId}`, admin, undefined, {
        'x-requested-fields': 'name',
      });
      expect(Object.keys(entityOf(single))).toEqual(['name']);
    }
    // One URL, callers of other scopes: the manager's cached answer is never anybody else's.
    const manager = await http.token('manager');
    const student = await http.token('student');
    const studentsUrl = '/api/students?page=1&limit=25';
    for (let round = 0; round < 2; round++) {
      const asManager = await http.call('GET', studentsUrl, manager);
      expect(JSON.stringify(asManager.body)).toContain('Касымова');
      expect((await http.call('GET', studentsUrl, student)).status).toBe(403);
    }
  });

  it("never serves one caller's narrowed list to another caller of the same scope", async () => {
    // Students and teachers of a school share the scope 'own-school' on assignments; a visibility rule
    // narrows a student's list to the assignments given to them.
    const teacher = await http.token('teacher');
    const student = await http.token('student');
    const me = entityOf(await http.call('GET', '/api/user.json', student));
    // The demo content is seeded in the background after the platform starts.
    let quizzes: { id: string }[] = [];
    await eventually(async () => {
      quizzes = (await http.call('GET', '/api/quiz?limit=100', teacher)).body.entities as { id: string }[];
      return quizzes.length > 0;
    });
    const quiz = quizzes[0]!;
    const given = entityOf(
      await http.call('POST', '/api/assignments', teacher, {
        type: 'quiz',
        name: 'Только для Айгерим',
        quizzes: [quiz.id],
        students: [me.id],
      }),
      201,
    ).id;
    const ids = async (token: string) =>
      ((await http.call('GET', '/api/assignments', token)).body.entities as { id: string }[]).map(
        (a) => a.id,
      );
    for (let round = 0; round < 2; round++) {
      expect(await ids(teacher)).toContain(given);
      expect(await ids(student)).toContain(given);
    }
    // A classmate of the same school, same scope, same URL: none of it comes from the cached answers.
    const manager = await http.token('manager');
    const created = await http.call('POST', '/api/students', manager, {
      username: 'cache.classmate',
      password: 'Secret123',
      firstname: 'Данияр',
      lastname: 'Сейткали',
    });
    expect(created.status).toBe(201);
    const classmate = await http.token('cache.classmate', 'Secret123');
    for (let round = 0; round < 2; round++) expect(await ids(classmate)).not.toContain(given);
  });

  it('bypasses while its change feed is cut, and listens again afterwards', async () => {
    const cache = readModelCacheOf(platform.db)!;
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE query ILIKE 'LISTEN read_model_changed%' AND pid <> pg_backend_pid()`.execute(platform.db);
    await eventually(async () => !cache.isLive(), 5_000).catch(() => undefined);
    await renameElsewhere('Область Ұлытау');
    await eventually(async () => (await nameOf()) === 'Область Ұлытау', 5_000);
    await eventually(async () => cache.isLive(), 10_000);
    await renameElsewhere('Ұлытау облысы');
    await eventually(async () => (await nameOf()) === 'Ұлытау облысы', 5_000);
  });
});

/** Queries of the regions table sent by any PostgreSQL client of this process while `work` runs. */
async function regionQueriesDuring(work: () => Promise<void>): Promise<number> {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  let count = 0;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
    if (text?.includes('reference_regions')) count += 1;
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    prototype.query = original;
  }
  return count;
}
