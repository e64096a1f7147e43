import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { infrastructureContext } from '../../../services/src/contexts/infrastructure';
import { forgetBucketUsage } from '../../../services/src/contexts/infrastructure/platform-overview';
import { startS3Server, type RunningS3Server } from '../../../services/src/platform/objects/s3-server';
import { tokenFor } from '../records/records-app';
import { caller, startContextsApp, type ContextsApp } from '../schools/contexts-app';

/**
 * Servers and storages over real PostgreSQL and s3rver: a school's manager registers a webinar server
 * and checks it against a real listening socket, adds an external S3 storage (a second s3rver) and runs
 * the connection round trip; secrets never come back; teachers, students and another school's manager
 * are refused or see nothing.
 */
let env: ContextsApp;
let external: RunningS3Server;
let externalDir: string;
let listener: Server;
let openPort: number;
let closedPort: number;
const call = caller(() => env.app);
const manager = tokenFor('manager', 'school-a');
const admin = tokenFor('admin', 'school-a');
const teacher = tokenFor('teacher', 'school-a');
const student = tokenFor('student', 'school-a');
const otherManager = tokenFor('manager', 'school-b');

function listen(): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer((socket) => socket.end());
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}
const portOf = (server: Server) => (server.address() as { port: number }).port;

beforeAll(async () => {
  env = await startContextsApp([infrastructureContext], { objects: true });
  externalDir = await mkdtemp(path.resolve('.tmp/infra-s3-'));
  external = await startS3Server({
    dataDir: externalDir,
    accessKey: 'school-key',
    secretKey: 'school-secret',
  });
  listener = await listen();
  openPort = portOf(listener);
  const closed = await listen();
  closedPort = portOf(closed);
  await new Promise((resolve) => closed.close(resolve));
  // The school's own bucket on the external server, as its administrator would have made it.
  const created = await fetch(`http://127.0.0.1:${external.port}/school-archive`, { method: 'PUT' });
  expect(created.status).toBe(200);
});
afterAll(async () => {
  listener?.close();
  await external?.stop();
  await rm(externalDir, { recursive: true, force: true });
  await env?.close();
});

const server = (overrides: Record<string, unknown> = {}) => ({
  name: 'Вебинарный сервер',
  provider: 'livekit',
  type: 'webinar',
  host: `https://127.0.0.1:${openPort}`,
  options: {
    alternate_host: `http://127.0.0.1:${closedPort}`,
    ice_servers: [
      { urls: ['stun:stun.school.kz:3478'] },
      { urls: ['turn:turn.school.kz:3478'], username: 'u', credential: 'c' },
    ],
  },
  ...overrides,
});
const storage = (overrides: Record<string, unknown> = {}) => ({
  name: 'Архив школы',
  endpoint: `http://127.0.0.1:${external.port}`,
  bucket: 'school-archive',
  prefix: 'sabaq',
  access_key: 'school-key',
  secret_key: 'school-secret',
  ...overrides,
});

describe('webinar and processing servers', () => {
  let id: string;

  it('are created by the manager with ICE servers and listed paged', async () => {
    const created = await call('POST', '/api/webinar-servers', manager, server());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    id = created.body.entity!.id;
    expect(created.body.entity).toMatchObject({
      provider: 'livekit',
      type: 'webinar',
      options: {
        alternate_host: `http://127.0.0.1:${closedPort}`,
        ice_servers: [{ urls: ['stun:stun.school.kz:3478'] }, { username: 'u' }],
      },
    });
    await call(
      'POST',
      '/api/webinar-servers',
      admin,
      server({ name: 'Обработка', type: 'processing', provider: 'ffmpeg' }),
    );
    const list = await call('GET', '/api/webinar-servers?page=1&limit=25', manager);
    expect(list.status).toBe(200);
    const page = list.body.entities as { data: { name: string }[]; total: number; current_page: number };
    expect(page.data.map((s) => s.name)).toEqual(['Вебинарный сервер', 'Обработка']);
    expect(page.current_page).toBe(1);
  });

  it('refuse a host that is not an address, with the error under the field', async () => {
    const refused = await call(
      'POST',
      '/api/webinar-servers',
      manager,
      server({ host: 'meet school kz', type: 'radio' }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.status_code).toBe(422);
    expect(Object.keys(refused.body.errors ?? {}).sort()).toEqual(['host', 'type']);
  });

  it('are checked: the open port answers with a latency, the closed one does not', async () => {
    const checked = await call('POST', `/api/webinar-servers/${id}/check.json`, manager);
    expect(checked.status).toBe(200);
    const hosts = (
      checked.body.entity as unknown as {
        hosts: { reachable: boolean; latency_ms: number | null; error: string | null }[];
      }
    ).hosts;
    expect(hosts[0]).toMatchObject({ reachable: true, error: null });
    expect(hosts[0]!.latency_ms).toBeGreaterThanOrEqual(0);
    expect(hosts[1]).toMatchObject({ reachable: false, latency_ms: null, error: 'ECONNREFUSED' });
    expect(checked.body.entity).toMatchObject({ reachable: true });
  });

  it('are the school staff’s only: teachers and students are refused, another school sees nothing', async () => {
    expect((await call('GET', '/api/webinar-servers', teacher)).status).toBe(403);
    expect((await call('GET', '/api/webinar-servers', student)).status).toBe(403);
    expect((await call('POST', `/api/webinar-servers/${id}/check.json`, teacher)).status).toBe(403);
    expect((await call('GET', `/api/webinar-servers/${id}`, otherManager)).status).toBe(404);
    expect((await call('PUT', `/api/webinar-servers/${id}`, otherManager, { name: 'x' })).status).toBe(404);
    expect((await call('POST', `/api/webinar-servers/${id}/check.json`, otherManager)).status).toBe(404);
    const theirs = await call('GET', '/api/webinar-servers', otherManager);
    expect(theirs.body.entities).toEqual([]);
    expect((await call('GET', '/api/webinar-servers', null)).status).toBe(401);
  });
});

describe('external storages', () => {
  let id: string;

  it('keep the secret key write-only: stored in the event, never answered, redacted from copies', async () => {
    const created = await call('POST', '/api/storages', manager, storage());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    id = created.body.entity!.id;
    expect(created.body.entity).toMatchObject({
      bucket: 'school-archive',
      access_key: 'school-key',
      has_secret_key: true,
    });
    expect(JSON.stringify(created.body)).not.toContain('school-secret');
    const read = await call('GET', `/api/storages/${id}`, manager);
    expect(JSON.stringify(read.body)).not.toContain('school-secret');
    const [event] = await env.store.readStream(`storage-${id}`);
    expect((event!.data as { secret_key: string }).secret_key).toBe('school-secret');
    expect(env.services.registry.redact(event!).data).not.toHaveProperty('secret_key');
  });

  it('pass the connection check: bucket, put, get back, delete', async () => {
    const checked = await call('POST', `/api/storages/${id}/check.json`, manager);
    expect(checked.status).toBe(200);
    const entity = checked.body.entity as unknown as { ok: boolean; steps: { step: string; ok: boolean }[] };
    expect(entity.ok).toBe(true);
    expect(entity.steps.map((s) => `${s.step}:${s.ok}`)).toEqual([
      'bucket:true',
      'put:true',
      'get:true',
      'delete:true',
    ]);
    // The round trip left nothing behind.
    const listing = await (
      await fetch(`http://127.0.0.1:${external.port}/school-archive?list-type=2`)
    ).text();
    expect(listing).not.toContain('<Key>');
  });

  it('fail the check at the step that fails: a missing bucket, an unknown key, a host that is down', async () => {
    const failing = async (overrides: Record<string, unknown>) => {
      const made = await call('POST', '/api/storages', manager, storage(overrides));
      const checked = await call('POST', `/api/storages/${made.body.entity!.id}/check.json`, manager);
      return checked.body.entity as unknown as {
        ok: boolean;
        steps: { step: string; ok: boolean; error: string | null }[];
      };
    };
    const missing = await failing({ name: 'Нет бакета', bucket: 'no-such-bucket' });
    expect(missing.ok).toBe(false);
    expect(missing.steps).toEqual([
      expect.objectContaining({
        step: 'bucket',
        ok: false,
        error: expect.stringContaining('no-such-bucket'),
      }),
    ]);
    const wrongKey = await failing({ name: 'Чужой ключ', access_key: 'stranger' });
    expect(wrongKey.steps[0]).toMatchObject({ step: 'bucket', ok: false });
    const down = await failing({ name: 'Выключен', endpoint: `http://127.0.0.1:${closedPort}` });
    expect(down.steps[0]).toMatchObject({
      step: 'bucket',
      ok: false,
      error: expect.stringContaining('ECONNREFUSED'),
    });
  });

  it('keep the stored secret when an edit leaves it out, and take a new one', async () => {
    const renamed = await call('PUT', `/api/storages/${id}`, manager, { name: 'Архив 2026' });
    expect(renamed.body.entity).toMatchObject({ name: 'Архив 2026', has_secret_key: true });
    expect((await call('POST', `/api/storages/${id}/check.json`, manager)).body.entity).toMatchObject({
      ok: true,
    });
  });

  it('are refused to teachers and invisible to another school', async () => {
    expect((await call('GET', '/api/storages', teacher)).status).toBe(403);
    expect((await call('POST', `/api/storages/${id}/check.json`, student)).status).toBe(403);
    expect((await call('GET', `/api/storages/${id}`, otherManager)).status).toBe(404);
    expect((await call('POST', `/api/storages/${id}/check.json`, otherManager)).status).toBe(404);
    expect((await call('DELETE', `/api/storages/${id}`, otherManager)).status).toBe(404);
  });

  it('refuse a bad endpoint and a missing secret with errors per field', async () => {
    const refused = await call(
      'POST',
      '/api/storages',
      manager,
      storage({ endpoint: 'ftp://x', secret_key: undefined }),
    );
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors ?? {}).sort()).toEqual(['endpoint', 'secret_key']);
  });
});

describe("the platform's own parts", () => {
  it('lists its roles from /health and counts its bucket', async () => {
    forgetBucketUsage();
    const before = await call('GET', '/api/infrastructure/platform.json', manager);
    expect(before.status).toBe(200);
    const usage = (
      before.body.entity as unknown as {
        storage: { objects: number; bytes: number; reachable: boolean; bucket: string };
      }
    ).storage;
    expect(usage).toMatchObject({ reachable: true, bucket: 'sabaq-test' });
    await env.services.objects.put('recordings/check/one.bin', Buffer.alloc(1234));
    forgetBucketUsage();
    const after = await call('GET', '/api/infrastructure/platform.json', admin);
    const counted = after.body.entity as unknown as {
      storage: { objects: number; bytes: number; prefixes: { prefix: string; bytes: number }[] };
      roles: { mode: string };
    };
    expect(counted.storage.objects).toBe(usage.objects + 1);
    expect(counted.storage.bytes).toBe(usage.bytes + 1234);
    expect(counted.storage.prefixes).toContainEqual({ prefix: 'recordings/', objects: 1, bytes: 1234 });
    expect(counted.roles.mode).toBe('embedded');
    expect((await call('GET', '/api/infrastructure/platform.json', teacher)).status).toBe(403);
  });
});
