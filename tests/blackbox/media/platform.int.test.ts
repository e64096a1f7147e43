import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPlatform } from '../../../services/src/roles/embedded';
import { eventually } from '../../support/platform-fixture';
import { call, uploadFile } from './http';
import { manifestOf, probeDuration, recordTestVideo, type Chunk } from './test-media';

/**
 * The media context inside the embedded platform (`npm start`): real sign-in, the transcoder worker
 * running in the api process, playback through the platform's own URL.
 */
type Platform = Awaited<ReturnType<typeof startEmbeddedPlatform>>;
let platform: Platform;
let dataDir: string;
let sourceDir: string;
let chunks: Chunk[];

async function signIn(username: string): Promise<string> {
  const response = await fetch(`${platform.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', client_id: 2, username, password: 'Demo12345' }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in as ${username}: ${response.status}`);
  return body.access_token;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.resolve('.tmp/media-platform-'));
  platform = await startEmbeddedPlatform({ dataDir, demo: true, logLevel: 'silent' });
  await platform.runner?.caughtUp();
  ({ chunks, dir: sourceDir } = await recordTestVideo(10));
}, 180_000);

afterAll(async () => {
  await platform?.stop();
  for (const dir of [dataDir, sourceDir]) if (dir) await rm(dir, { recursive: true, force: true });
});

describe('recordings on the embedded platform', () => {
  it('upload, convert in the api process and play through the platform URL', async () => {
    const student = await signIn('student');
    const created = await call(platform.url!, 'POST', '/api/webinar-sessions', student, {
      session_type: 'screen',
    });
    expect(created.status).toBe(201);
    const session = created.body.entity;
    for (const chunk of [...chunks].reverse()) {
      const stored = await uploadFile(
        platform.url!,
        session.file_upload_endpoint,
        session.file_upload_params,
        chunk,
      );
      expect(stored.status).toBe(201);
    }
    const manifest = { name: 'manifest.json', data: manifestOf(chunks, 10) };
    expect(
      (await uploadFile(platform.url!, session.file_upload_endpoint, session.file_upload_params, manifest))
        .status,
    ).toBe(200);
    const converted = await eventually(
      async () =>
        (await call(platform.url!, 'GET', `/api/webinar-sessions/${session.id}`, student)).body.entity,
      (entity) => entity.state !== null,
      120_000,
    );
    expect(converted).toMatchObject({ state: 'converted', status: 'finished' });
    const records = await call(
      platform.url!,
      'GET',
      `/api/webinar-records?webinar_session_id=${session.id}`,
      student,
    );
    const record = records.body.entities[0];
    expect(Math.abs((await probeDuration(`${platform.url}${record.video_url}`)) - 10)).toBeLessThan(1);
    // The demo teacher owns no assignment of this session: a teacher sees sessions of their assignments only.
    const teacher = await signIn('teacher');
    expect((await call(platform.url!, 'GET', `/api/webinar-records/${record.id}`, teacher)).status).toBe(404);
  }, 240_000);
});
