import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEmbeddedPlatform } from '../../../services/src/roles/embedded';

type Platform = Awaited<ReturnType<typeof startEmbeddedPlatform>>;
let platform: Platform;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.resolve('.tmp/records-platform-'));
  platform = await startEmbeddedPlatform({ dataDir });
});
afterAll(async () => {
  await platform?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

it('the assembled platform documents every route, serves the reference collections and guards them', async () => {
  const doc = await fetch(`${platform.url}/docs/json`);
  expect(doc.status).toBe(200);
  const paths = Object.keys(((await doc.json()) as { paths: Record<string, unknown> }).paths);
  expect(paths).toEqual(
    expect.arrayContaining(['/api/languages', '/api/languages/{id}', '/api/cities/{id}']),
  );
  const anonymous = await fetch(`${platform.url}/api/languages`);
  expect(anonymous.status).toBe(401);
  expect(await anonymous.json()).toMatchObject({ status_code: 401, errors: {} });
  // The seed went through the store and the projections of the running platform.
  await platform.runner!.caughtUp();
  const languages = await platform.db
    .selectFrom('reference_languages')
    .select('code')
    .orderBy('weight')
    .execute();
  expect(languages.map((l) => l.code)).toEqual(['kz', 'ru', 'en']);
});
