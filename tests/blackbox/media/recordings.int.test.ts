import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor, tokenFor } from '../records/records-app';
import { TestClient } from '../realtime/client';
import { call, uploadFile } from './http';
import { startMediaApp, type MediaApp } from './media-app';
import { manifestOf, probeDuration, recordTestVideo, type Chunk } from './test-media';

/**
 * The acceptance: a 2-minute webm recorded in 5-second chunks, uploaded out of order with one
 * retry and one duplicate, becomes an HLS recording whose duration matches within 1 s, played through the
 * API URL (ffprobe reads it), with the transcoder's progress seen on the socket; only the student, the
 * assignment's teachers and the school's proctors and staff can reach it.
 */
const SECONDS = 120;
const student = tokenFor('student', 'school-a');
const teacher = tokenFor('teacher', 'school-a');

let media: MediaApp;
let chunks: Chunk[];
let sourceDir: string;
let assignmentId: string;
let attemptId: string;

beforeAll(async () => {
  media = await startMediaApp();
  ({ chunks, dir: sourceDir } = await recordTestVideo(SECONDS));
  const assignment = await call(media.url, 'POST', '/api/assignments', teacher, {
    type: 'webinar',
    name: 'Экзамен с записью',
    students: [callerFor('student', 'school-a').userId],
  });
  expect(assignment.status).toBe(201);
  assignmentId = assignment.body.entity.id;
  const attempt = await call(media.url, 'POST', '/api/assignment-attempts', student, {
    assignment_id: assignmentId,
  });
  expect(attempt.status).toBe(201);
  attemptId = attempt.body.entity.id;
}, 300_000);

afterAll(async () => {
  await media?.close();
  if (sourceDir) await rm(sourceDir, { recursive: true, force: true });
});

async function openSession(token = student) {
  const created = await call(media.url, 'POST', '/api/webinar-sessions', token, {
    assignment_attempt_id: attemptId,
    session_type: 'main-camera',
    is_should_analyze: true,
  });
  expect(created.status).toBe(201);
  return created.body.entity as {
    id: string;
    file_upload_endpoint: string;
    file_upload_params: Record<string, unknown>;
  };
}

describe('a recorded session', () => {
  it('uploads out of order, converts to HLS of the same length, and pushes progress', async () => {
    expect(chunks).toHaveLength(SECONDS / 5);
    const session = await openSession();
    expect(session).toMatchObject({
      session_type: 'main-camera',
      session_kind: 'recording',
      status: 'started',
      state: null,
      assignment_id: assignmentId,
      file_upload_endpoint: `/api/webinar-sessions/${session.id}/upload`,
    });

    const { client, socketId } = await TestClient.connect(media.url, student);
    const channel = `transcoder.${session.id}`;
    const auth = await call(media.url, 'POST', '/broadcasting/auth', student, {
      socket_id: socketId,
      channel_name: channel,
    });
    expect(auth.status).toBe(200);
    expect(await client.subscribe(channel, auth.body.auth)).toMatchObject({ event: 'subscribed' });

    const upload = (chunk: Chunk, params = session.file_upload_params) =>
      uploadFile(media.url, session.file_upload_endpoint, params, chunk);
    // Out of order: every odd chunk first, then the even ones from the end.
    const order = [
      ...chunks.filter((_, i) => i % 2 === 1),
      ...chunks.filter((_, i) => i % 2 === 0).reverse(),
    ];
    const [first, ...rest] = order;
    // A retry: the first try is refused (its params were tampered with on the way), the second stores it.
    expect((await upload(first!, { ...session.file_upload_params, signature: 'x'.repeat(43) })).status).toBe(
      403,
    );
    expect((await upload(first!)).status).toBe(201);
    // The playlist before every chunk arrived names what is missing.
    const early = await upload({ name: 'manifest.json', data: manifestOf(chunks, SECONDS) });
    expect(early.status).toBe(422);
    expect(early.body.errors.segments).toHaveLength(chunks.length - 1);
    expect(early.body.errors.segments[0]).toMatch(/^Chunk chunk_\d{3}\.webm is missing$/);
    for (const chunk of rest) expect((await upload(chunk)).status).toBe(201);
    // A duplicate changes nothing; other bytes under a used name are a conflict.
    const duplicate = await upload(chunks[3]!);
    expect(duplicate).toMatchObject({ status: 200, body: { entity: { stored: false } } });
    const clash = await upload({ name: chunks[3]!.name, data: chunks[4]!.data });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({
      status_code: 409,
      errors: { file: [expect.stringContaining(chunks[3]!.name)] },
    });

    expect((await upload({ name: 'manifest.json', data: manifestOf(chunks, SECONDS) })).status).toBe(200);
    const finished = await client.next(
      (m) => m.event === 'finished' && 'channel' in m && m.channel === channel,
      'finished push',
      240_000,
    );
    await media.caughtUp();
    const converted = await call(media.url, 'GET', `/api/webinar-sessions/${session.id}`, student);
    expect(converted.body.entity).toMatchObject({ state: 'converted', failure_reason: null });
    expect(finished).toMatchObject({ data: { media_id: session.id, status: 'ready' } });
    const progress = client
      .pushes('progress')
      .map((m) => ('data' in m ? (m.data as { percent: number }).percent : -1));
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((p) => p > 0 && p < 100)).toBe(true);
    client.close();

    await media.caughtUp();
    const shown = await call(media.url, 'GET', `/api/webinar-sessions/${session.id}`, student);
    expect(shown.body.entity).toMatchObject({
      status: 'finished',
      state: 'converted',
      file_upload_params: null,
    });
    const records = await call(
      media.url,
      'GET',
      `/api/webinar-records?webinar_session_id=${session.id}`,
      student,
    );
    expect(records.body.entities).toHaveLength(1);
    const record = records.body.entities[0];
    expect(record).toMatchObject({ status: 'ready', type: 'hls', webinar_session_id: session.id });
    expect(record.video_url).toMatch(
      /^\/api\/webinar-records\/[^/]+\/hls\/master\.m3u8\?expires=\d+&signature=/,
    );
    expect(Math.abs(record.video_duration - SECONDS)).toBeLessThan(1);
    expect(record.video_size).toBeGreaterThan(0);
    expect(record.renditions.map((r: { name: string }) => r.name)).toEqual(['lowres', 'stdres']);

    // The attempt's sessions have video, and their converted duration (specification 001 §4).
    const summary = await call(
      media.url,
      'GET',
      `/api/webinar-sessions/summary.json?assignment_attempt_id=${attemptId}`,
      teacher,
    );
    expect(summary.body.entity).toMatchObject({ sessions: 1, has_video: true });
    expect(Math.abs(summary.body.entity.total_duration - SECONDS)).toBeLessThan(1);
    const foreign = await call(
      media.url,
      'GET',
      `/api/webinar-sessions/summary.json?assignment_attempt_id=${attemptId}`,
      tokenFor('teacher', 'school-b'),
    );
    expect(foreign.body.entity).toMatchObject({ sessions: 0, has_video: false, total_duration: 0 });

    // Played through the API: ffprobe follows the master playlist, the rendition and its segments.
    const played = await probeDuration(`${media.url}${record.video_url}`);
    expect(Math.abs(played - SECONDS)).toBeLessThan(1);
    const thumb = await fetch(`${media.url}${record.thumb_url}`);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');

    // Segments answer byte ranges.
    const variant = await (
      await fetch(`${media.url}${record.video_url.replace('master.m3u8', '0/index.m3u8')}`)
    ).text();
    const segment = variant.split('\n').find((line) => line.startsWith('segment_'))!;
    const ranged = await fetch(`${media.url}/api/webinar-records/${record.id}/hls/0/${segment}`, {
      headers: { range: 'bytes=0-187' },
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toMatch(/^bytes 0-187\/\d+$/);
    expect((await ranged.arrayBuffer()).byteLength).toBe(188);

    // Nobody else reaches it: unsigned or tampered URLs, other students, other schools, other teachers.
    const unsigned = record.video_url.split('?')[0];
    expect((await fetch(`${media.url}${unsigned}`)).status).toBe(404);
    expect(
      (await fetch(`${media.url}${record.video_url.replace(/signature=./, 'signature=A')}`)).status,
    ).toBe(404);
    expect((await fetch(`${media.url}${record.video_url.replace(record.id, session.id)}`)).status).toBe(404);
    for (const outsider of [
      tokenFor('student', 'school-a', 2),
      tokenFor('teacher', 'school-a', 2),
      tokenFor('teacher', 'school-b'),
      tokenFor('proctor', 'school-b'),
      tokenFor('manager', 'school-b'),
    ]) {
      expect((await call(media.url, 'GET', `/api/webinar-records/${record.id}`, outsider)).status).toBe(404);
      expect((await call(media.url, 'GET', `/api/webinar-sessions/${session.id}`, outsider)).status).toBe(
        404,
      );
      const listed = await call(media.url, 'GET', '/api/webinar-records', outsider);
      expect(listed.body.entities).toEqual([]);
    }
    expect(
      (await call(media.url, 'GET', `/api/webinar-records/${record.id}`, tokenFor('analyst', 'school-a')))
        .status,
    ).toBe(403);
    for (const reader of [teacher, tokenFor('proctor', 'school-a'), tokenFor('manager', 'school-a')]) {
      const seen = await call(media.url, 'GET', `/api/webinar-records/${record.id}`, reader);
      expect(seen.status).toBe(200);
      expect(seen.body.entity.video_url).toMatch(/signature=/);
      // Only the student gets the upload params of a session.
      const sessionSeen = await call(media.url, 'GET', `/api/webinar-sessions/${session.id}`, reader);
      expect(sessionSeen.body.entity.file_upload_params).toBeNull();
    }
    // Another school's caller may not listen to the transcoder channel either.
    const other = await TestClient.connect(media.url, tokenFor('teacher', 'school-b'));
    const refused = await call(media.url, 'POST', '/broadcasting/auth', tokenFor('teacher', 'school-b'), {
      socket_id: other.socketId,
      channel_name: channel,
    });
    expect(refused.status).toBe(403);
    other.client.close();
  }, 300_000);
});
