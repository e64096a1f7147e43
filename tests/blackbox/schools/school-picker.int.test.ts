import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEmbeddedPlatform } from '../../../services/src/roles/embedded';
import { client, entityOf } from '../authoring/http';

/** The admin renames a school through /api/schools; the school picker (/api/schools.json) follows. */
type Platform = Awaited<ReturnType<typeof startEmbeddedPlatform>>;
let platform: Platform;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.resolve('.tmp/school-picker-'));
  platform = await startEmbeddedPlatform({ dataDir, demo: true, logLevel: 'silent' });
}, 120_000);
afterAll(async () => {
  await platform?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

it('shows a renamed school by its new name in the school picker', async () => {
  const http = client(platform.url!);
  const admin = await http.token('admin');
  const picker = async () =>
    ((await http.call('GET', '/api/schools.json', admin)).body.entities as { id: string; name: string }[]) ??
    [];
  const [school] = await picker();
  expect(school).toBeDefined();
  entityOf(await http.call('PUT', `/api/schools/${school!.id}`, admin, { name: 'Лицей имени Абая' }));
  const deadline = Date.now() + 10_000;
  while ((await picker()).find((s) => s.id === school!.id)?.name !== 'Лицей имени Абая') {
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(await picker())}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});
