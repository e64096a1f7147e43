import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyEvent } from '../../support/events';
import { mediaProjection } from '../../../services/src/contexts/media/read-model/projection';
import { TABLES } from '../../../services/src/contexts/media/read-model/tables';
import { runJob } from '../../../services/src/contexts/media/transcoder/job';
import { eraseExpiredRecordings } from '../../../services/src/contexts/media/retention/retention';
import { callerFor, tokenFor } from '../records/records-app';
import { call, uploadFile } from './http';
import { startMediaApp, type MediaApp } from './media-app';
import { manifestOf, probeDuration, recordTestVideo, type Chunk } from './test-media';

/**
 * The second acceptance: a corrupt chunk gives the session state failure with a reason, not a
 * crash; re-uploading the chunk and retrying converts it. Also the upload's refusals in the
 * specification's words, retention, and the projection replayed over its own tables.
 */
const SECONDS = 15;
const student = tokenFor('student', 'school-a');
const teacher = tokenFor('teacher', 'school-a');

let media: MediaApp;
let chunks: Chunk[];
let sourceDir: string;
let attemptId: string;

beforeAll(async () => {
  media = await startMediaApp();
  ({ chunks, dir: sourceDir } = await recordTestVideo(SECONDS));
  const assignment = await call(media.url, 'POST', '/api/assignments', teacher, {
    type: 'webinar',
    name: 'Экзамен',
    students: [callerFor('student', 'school-a').userId],
  });
  const attempt = await call(media.url, 'POST', '/api/assignment-attempts', student, {
    assignment_id: assignment.body.entity.id,
  });
  attemptId = attempt.body.entity.id;
}, 120_000);

afterAll(async () => {
  await media?.close();
  if (sourceDir) await rm(sourceDir, { recursive: true, force: true });
});

async function openSession(type = 'screen') {
  const created = await call(media.url, 'POST', '/api/webinar-sessions', student, {
    assignment_attempt_id: attemptId,
    session_type: type,
  });
  expect(created.status).toBe(201);
  return created.body.entity as {
    id: string;
    file_upload_endpoint: string;
    file_upload_params: Record<string, unknown>;
  };
}

async function settled(sessionId: string) {
  for (let i = 0; i < 600; i += 1) {
    await media.caughtUp();
    const shown = await call(media.url, 'GET', `/api/webinar-sessions/${sessionId}`, student);
    if (shown.body.entity.state !== null) return shown.body.entity;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the conversion never ended');
}

describe('uploads refused', () => {
  it('in the specification’s words, and by name', async () => {
    const session = await openSession();
    const endpoint = session.file_upload_endpoint;
    const empty = await uploadFile(media.url, endpoint, {}, chunks[0]!);
    expect(empty.body).toEqual({
      message: 'Video upload params is empty',
      errors: { params: ['Video upload params is empty'] },
      status_code: 422,
    });
    const playlist = await uploadFile(media.url, endpoint, session.file_upload_params, {
      name: 'manifest.json',
      data: Buffer.from(JSON.stringify({ type: 'video/webm', duration: 0, segments: [] })),
    });
    expect(playlist).toMatchObject({ status: 422, body: { message: 'Playlist is empty' } });
    const broken = await uploadFile(media.url, endpoint, session.file_upload_params, {
      name: 'manifest.json',
      data: Buffer.from('{'),
    });
    expect(broken.status).toBe(422);
    const badName = await uploadFile(media.url, endpoint, session.file_upload_params, {
      name: 'bad name!.webm',
      data: chunks[0]!.data,
    });
    expect(badName.status).toBe(422);
    // A multipart body the server cannot read (no boundary, cut short) is the client's fault, not a 500.
    for (const [contentType, payload] of [
      ['multipart/form-data', 'expires=1&signature=2'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="expires"\r\n\r\n1'],
    ]) {
      const unreadable = await fetch(`${media.url}${endpoint}`, {
        method: 'POST',
        headers: { 'content-type': contentType! },
        body: payload,
      });
      expect(unreadable.status, contentType).toBe(400);
      expect(await unreadable.json()).toMatchObject({
        status_code: 400,
        errors: { file: [expect.any(String)] },
      });
    }
    // Another session's params do not open this one.
    const other = await openSession('second-camera');
    const crossed = await uploadFile(media.url, endpoint, other.file_upload_params, chunks[0]!);
    expect(crossed.status).toBe(403);
    expect(crossed.body).toMatchObject({ status_code: 403, errors: {} });
  });

  it('for sessions on someone else’s attempt, and for groups that do not record', async () => {
    const foreign = await call(
      media.url,
      'POST',
      '/api/webinar-sessions',
      tokenFor('student', 'school-a', 2),
      {
        assignment_attempt_id: attemptId,
        session_type: 'main-camera',
      },
    );
    expect(foreign).toMatchObject({
      status: 422,
      body: { errors: { assignment_attempt_id: [expect.any(String)] } },
    });
    const byTeacher = await call(media.url, 'POST', '/api/webinar-sessions', teacher, {
      session_type: 'screen',
    });
    expect(byTeacher.status).toBe(403);
    const badType = await call(media.url, 'POST', '/api/webinar-sessions', student, {
      session_type: 'webcam',
    });
    expect(badType).toMatchObject({ status: 422, body: { errors: { session_type: [expect.any(String)] } } });
    const session = await openSession();
    expect(
      (
        await call(
          media.url,
          'DELETE',
          `/api/webinar-sessions/${session.id}`,
          tokenFor('student', 'school-a', 2),
        )
      ).status,
    ).toBe(404);
    expect((await call(media.url, 'DELETE', `/api/webinar-sessions/${session.id}`, student)).status).toBe(
      204,
    );
    expect(
      (await uploadFile(media.url, session.file_upload_endpoint, session.file_upload_params, chunks[0]!))
        .status,
    ).toBe(404);
  });
});

describe('a corrupt chunk', () => {
  it('fails the conversion with its name; the chunk re-uploaded and a retry convert it', async () => {
    const session = await openSession();
    const upload = (chunk: Chunk) =>
      uploadFile(media.url, session.file_upload_endpoint, session.file_upload_params, chunk);
    const corrupt = { name: chunks[1]!.name, data: randomBytes(chunks[1]!.data.length) };
    for (const chunk of [chunks[0]!, corrupt, chunks[2]!]) expect((await upload(chunk)).status).toBe(201);
    expect((await upload({ name: 'manifest.json', data: manifestOf(chunks, SECONDS) })).status).toBe(200);
    const failed = await settled(session.id);
    expect(failed).toMatchObject({
      state: 'failure',
      failure_reason: `Chunk ${chunks[1]!.name} is not readable`,
    });

    // Only after the failure may a chunk be replaced; then a retry makes a new record.
    expect((await upload(chunks[1]!)).status).toBe(201);
    const retried = await call(media.url, 'POST', `/api/webinar-sessions/${session.id}/retry.json`, student);
    expect(retried.status).toBe(200);
    expect(retried.body.entity).toMatchObject({ status: 'in_process', attempt: 2 });
    const converted = await settled(session.id);
    expect(converted).toMatchObject({ state: 'converted', failure_reason: null });
    const records = await call(
      media.url,
      'GET',
      `/api/webinar-records?webinar_session_id=${session.id}&orderBy=attempt`,
      student,
    );
    expect(records.body.entities.map((r: { status: string }) => r.status)).toEqual(['failure', 'ready']);
    const record = records.body.entities[1];
    expect(Math.abs((await probeDuration(`${media.url}${record.video_url}`)) - SECONDS)).toBeLessThan(1);
    // POST /api/webinar-records asks for another conversion, as the assignment's teacher may too.
    const again = await call(media.url, 'POST', '/api/webinar-records', teacher, {
      webinar_session_id: session.id,
    });
    expect(again).toMatchObject({ status: 201, body: { entity: { attempt: 3, status: 'in_process' } } });
    const outsider = await call(media.url, 'POST', '/api/webinar-records', tokenFor('teacher', 'school-b'), {
      webinar_session_id: session.id,
    });
    expect(outsider.status).toBe(404);
    expect(await settled(session.id)).toMatchObject({ state: 'converted' });
    // A job run again (a worker that crashed after its result) records its result once; progress
    // events are keyed by percent, so a rerun may add steps the first run's sampling skipped, never twice.
    const stream = `webinar_session-${session.id}`;
    const job = await media.db
      .selectFrom(TABLES.jobs)
      .selectAll()
      .where('stream_id', '=', stream)
      .where('attempt', '=', 3)
      .executeTakeFirstOrThrow();
    expect(await runJob(media.services, job as never)).toBe('succeeded');
    const rerun = await media.store.readStream(stream);
    const ofAttempt3 = rerun.filter((e) => (e.data as { attempt?: number }).attempt === 3);
    expect(ofAttempt3.filter((e) => e.type === 'TranscodeSucceeded')).toHaveLength(1);
    const percents = ofAttempt3
      .filter((e) => e.type === 'TranscodeProgressed')
      .map((e) => (e.data as { percent: number }).percent);
    expect(new Set(percents).size).toBe(percents.length);

    // Retention: the school's manager erases the attempt's recordings; every object goes, an event says so.
    expect(await media.objects.list(`recordings/${session.id}/`)).not.toHaveLength(0);
    const refused = await call(
      media.url,
      'POST',
      '/api/webinar-sessions/erase.json',
      tokenFor('manager', 'school-b'),
      {
        assignment_attempt_id: attemptId,
      },
    );
    expect(refused.status).toBe(404);
    expect(
      (
        await call(media.url, 'POST', '/api/webinar-sessions/erase.json', student, {
          assignment_attempt_id: attemptId,
        })
      ).status,
    ).toBe(403);
    const erased = await call(
      media.url,
      'POST',
      '/api/webinar-sessions/erase.json',
      tokenFor('manager', 'school-a'),
      {
        assignment_attempt_id: attemptId,
        reason: 'Запрос родителей',
      },
    );
    expect(erased.status).toBe(200);
    expect(await media.objects.list(`recordings/${session.id}/`)).toEqual([]);
    const events = await media.store.readStream(`webinar_session-${session.id}`);
    expect(events.at(-1)).toMatchObject({ type: 'RecordingErased', data: { reason: 'Запрос родителей' } });
    expect((await fetch(`${media.url}${record.video_url}`)).status).toBe(404);
    const shown = await call(media.url, 'GET', `/api/webinar-sessions/${session.id}`, student);
    expect(shown.body.entity).toMatchObject({ is_erased: true, file_upload_params: null });
    expect((await upload(chunks[0]!)).status).toBe(409);
    // A job that runs after the erasure stores nothing and records nothing new (its result id is taken).
    const before = (await media.store.readStream(stream)).length;
    expect(await runJob(media.services, job as never)).toBe('failed');
    expect(await media.store.readStream(stream)).toHaveLength(before);
    expect(await media.objects.list(`recordings/${session.id}/`)).toEqual([]);
  }, 240_000);
});

describe('a school’s retention period', () => {
  it('is set by its staff and erases the recordings older than it, in that school only', async () => {
    const manager = tokenFor('manager', 'school-a');
    const put = (token: string, days: unknown) =>
      call(media.url, 'PUT', '/api/media-retention.json', token, { days });
    expect((await put(student, 30)).status).toBe(403);
    expect((await put(teacher, 30)).status).toBe(403);
    expect((await put(manager, 0)).status).toBe(422);
    expect((await put(manager, 30)).body).toEqual({ entity: { school_id: 'school-a', days: 30 } });
    expect((await call(media.url, 'GET', '/api/media-retention.json', manager)).body.entity.days).toBe(30);
    expect(
      (await call(media.url, 'GET', '/api/media-retention.json', tokenFor('manager', 'school-b'))).body.entity
        .days,
    ).toBeNull();

    const ours = await openSession('main-camera');
    expect(
      (await uploadFile(media.url, ours.file_upload_endpoint, ours.file_upload_params, chunks[0]!)).status,
    ).toBe(201);
    const created = await call(media.url, 'POST', '/api/webinar-sessions', tokenFor('student', 'school-b'), {
      session_type: 'screen',
    });
    const theirs = created.body.entity;
    expect(
      (await uploadFile(media.url, theirs.file_upload_endpoint, theirs.file_upload_params, chunks[0]!))
        .status,
    ).toBe(201);

    expect(await eraseExpiredRecordings(media.services, new Date())).toBe(0);
    const later = new Date(Date.now() + 31 * 24 * 3600_000);
    expect(await eraseExpiredRecordings(media.services, later)).toBeGreaterThan(0);
    expect(await eraseExpiredRecordings(media.services, later)).toBe(0);
    expect(await media.objects.list(`recordings/${ours.id}/`)).toEqual([]);
    const events = await media.store.readStream(`webinar_session-${ours.id}`);
    expect(events.at(-1)).toMatchObject({
      type: 'RecordingErased',
      data: { reason: 'retention period', objects: 1 },
    });
    expect(await media.objects.list(`recordings/${theirs.id}/`)).toHaveLength(1);
    const untouched = await call(
      media.url,
      'GET',
      `/api/webinar-sessions/${theirs.id}`,
      tokenFor('student', 'school-b'),
    );
    expect(untouched.body.entity.is_erased).toBe(false);
  });
});

describe('the media projection', () => {
  it('replayed over its own tables changes nothing', async () => {
    await media.caughtUp();
    const snapshot = async () => {
      const out: Record<string, unknown[]> = {};
      for (const table of [TABLES.sessions, TABLES.chunks, TABLES.records, TABLES.jobs, TABLES.retention]) {
        out[table] = await media.db
          .selectFrom(table)
          .selectAll()
          .orderBy(table === TABLES.chunks ? 'key' : table === TABLES.retention ? 'school_id' : 'id')
          .execute();
      }
      return out;
    };
    const before = await snapshot();
    expect(before[TABLES.records]!.length).toBeGreaterThan(0);
    const events = (await everyEvent(media.store)).filter((e) => mediaProjection.handles.includes(e.type));
    await media.db.transaction().execute((tx) => mediaProjection.apply(tx, events));
    expect(await snapshot()).toEqual(before);
  });
});
