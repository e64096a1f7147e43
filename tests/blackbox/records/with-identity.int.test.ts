import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPlatform } from '../../../services/src/roles/embedded';

type Platform = Awaited<ReturnType<typeof startEmbeddedPlatform>>;
let platform: Platform;

async function token(username: string): Promise<string> {
  const response = await fetch(`${platform.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: '2', username, password: 'Demo12345' }),
  });
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

// Not caller(): over the started platform's port (fetch), as a client meets it, not app.inject in process.
async function call(method: string, url: string, bearer: string, json?: unknown) {
  const response = await fetch(`${platform.url}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${bearer}`,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

/** The record API behind the real sign-in: demo accounts, real tokens, the access table. */
describe('record API with real sign-in', () => {
  beforeAll(async () => {
    platform = await startEmbeddedPlatform({
      dataDir: await mkdtemp(path.resolve('.tmp/records-')),
      demo: true,
    });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('serves reference data to every signed-in group and lets only the admin change it', async () => {
    const student = await token('student');
    const languages = await call('GET', '/api/languages', student);
    expect(languages.status).toBe(200);
    const codes = (languages.body!.entities as { code: string }[]).map((l) => l.code).sort();
    expect(codes).toEqual(['en', 'kz', 'ru']);

    const teacher = await token('teacher');
    const refused = await call('POST', '/api/regions', teacher, { name: 'Алматинская область' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ status_code: 403 });

    const admin = await token('admin');
    const created = await call('POST', '/api/regions', admin, { name: 'Алматинская область' });
    expect(created.status).toBe(201);
    const id = (created.body!.entity as { id: string }).id;
    const read = await call('GET', `/api/regions/${id}`, student);
    expect(read.body).toMatchObject({ entity: { id, name: 'Алматинская область' } });

    const anonymous = await fetch(`${platform.url}/api/languages`);
    expect(anonymous.status).toBe(401);
  });
});
