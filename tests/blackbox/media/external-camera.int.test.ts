import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryMigrations } from '../../../services/src/contexts/identity/directory/table';
import { issueExternalToken } from '../../../services/src/contexts/media/external/external-token';
import { MediaSigner } from '../../../services/src/contexts/media/signing';
import { callerFor, tokenFor } from '../records/records-app';
import { call, uploadFile } from './http';
import { startMediaApp, type MediaApp } from './media-app';
import { manifestOf, recordTestVideo, type Chunk } from './test-media';

/**
 * The phone's link to an exam (docs/media.md, "External sessions"): the student asks for it, the
 * phone opens the attempt's second-camera session with it and no sign-in, uploads the recording
 * through the session's params and reports its page open and closed; the refusals of every other use.
 */
const SECONDS = 10;
const student = tokenFor('student', 'school-a');
const classmate = tokenFor('student', 'school-a', 2);
const otherSchool = tokenFor('student', 'school-b');
const teacher = tokenFor('teacher', 'school-a');
const colleague = tokenFor('teacher', 'school-a', 2);
const otherTeacher = tokenFor('teacher', 'school-b');
const proctor = tokenFor('proctor', 'school-a');
const key = randomBytes(32);

let media: MediaApp;
let chunks: Chunk[];
let sourceDir: string;
let attemptId: string;
let classmateAttemptId: string;
let cameraToken: string;

async function startAttempt(token: string, settings: Record<string, unknown> = {}, students = [student]) {
  const assignment = await call(media.url, 'POST', '/api/assignments', teacher, {
    type: 'webinar',
    name: 'Экзамен по физике',
    is_proctoring: true,
    settings: { proctoring_settings: settings },
    students: students.map((s) => callerFor('student', 'school-a', s === classmate ? 2 : 1).userId),
  });
  expect(assignment.status, JSON.stringify(assignment.body)).toBe(201);
  const attempt = await call(media.url, 'POST', '/api/assignment-attempts', token, {
    assignment_id: assignment.body.entity.id,
  });
  expect(attempt.status, JSON.stringify(attempt.body)).toBe(201);
  return attempt.body.entity.id as string;
}

const asked = (token: string, attempt: string, purpose: string) =>
  call(media.url, 'POST', '/api/webinar-sessions/external-token', token, {
    assignment_attempt_id: attempt,
    purpose,
  });
const phone = (method: string, path: string, body?: unknown) =>
  call(media.url, method, path, undefined, body);
const cameraStatus = (token = student, attempt = attemptId) =>
  call(
    media.url,
    'GET',
    `/api/webinar-sessions/external-status.json?assignment_attempt_id=${attempt}`,
    token,
  );

beforeAll(async () => {
  media = await startMediaApp({
    migrations: directoryMigrations,
    signer: new MediaSigner(key, () => new Date()),
  });
  ({ chunks, dir: sourceDir } = await recordTestVideo(SECONDS));
  // The identity context is not part of this app: its directory row stands in for its projection.
  await media.db
    .insertInto('users')
    .values({
      id: callerFor('student', 'school-a').userId,
      school_id: 'school-a',
      group: 'student',
      firstname: 'Айгерим',
      lastname: 'Сапарова',
      username: 'aigerim',
      register_date: new Date(),
    })
    .execute();
  attemptId = await startAttempt(student);
  classmateAttemptId = await startAttempt(classmate, {}, [classmate]);
}, 120_000);

afterAll(async () => {
  await media?.close();
  if (sourceDir) await rm(sourceDir, { recursive: true, force: true });
});

describe('the link to a running attempt', () => {
  it('is given to the attempt’s own student only', async () => {
    const given = await asked(student, attemptId, 'camera');
    expect(given.status, JSON.stringify(given.body)).toBe(201);
    cameraToken = given.body.entity.token;
    expect(given.body.entity).toMatchObject({
      purpose: 'camera',
      assignment_attempt_id: attemptId,
      path: `/session/camera/${cameraToken}`,
    });
    const lasts = Date.parse(given.body.entity.expires_at) - Date.now();
    expect(lasts).toBeGreaterThan(2 * 3600_000 - 60_000);
    expect(lasts).toBeLessThanOrEqual(2 * 3600_000);
    // The student's access token is not in it.
    expect(cameraToken).not.toContain(student);

    for (const [token, status] of [
      [classmate, 422],
      [otherSchool, 422],
      [teacher, 403],
    ] as const) {
      const refused = await asked(token, attemptId, 'camera');
      expect(refused.status, token).toBe(status);
      expect(refused.body).toMatchObject({ status_code: status, message: expect.any(String) });
    }
    expect(
      (await call(media.url, 'POST', '/api/webinar-sessions/external-token', undefined, {})).status,
    ).toBe(401);
    const badPurpose = await asked(student, attemptId, 'screen');
    expect(badPurpose).toMatchObject({ status: 422, body: { errors: { purpose: [expect.any(String)] } } });
  });

  it('as an upload link is handed out by the assignment’s teacher too, not by a colleague', async () => {
    const given = await asked(teacher, attemptId, 'upload');
    expect(given.status, JSON.stringify(given.body)).toBe(201);
    expect(given.body.entity.path).toMatch(/^\/session\/upload\//);
    const link = await phone('GET', `/api/webinar-sessions/external/${given.body.entity.token}`);
    expect(link.body.entity).toMatchObject({ purpose: 'upload', assignment_attempt_id: attemptId });
    expect((await asked(colleague, attemptId, 'upload')).status).toBe(422);
    expect((await asked(otherTeacher, attemptId, 'upload')).status).toBe(422);
    expect((await asked(proctor, attemptId, 'upload')).status).toBe(403);
  });

  it('is refused for a camera the assignment does not record', async () => {
    const noSecond = await startAttempt(student, { second_camera_record: false });
    const refused = await asked(student, noSecond, 'camera');
    expect(refused).toMatchObject({ status: 422, body: { errors: { purpose: [expect.any(String)] } } });
    expect((await asked(student, noSecond, 'upload')).status).toBe(201);
  });

  it('tells the phone what it is for: the assignment, the first name only, the settings', async () => {
    const info = await phone('GET', `/api/webinar-sessions/external/${cameraToken}`);
    expect(info.status).toBe(200);
    expect(info.body.entity).toMatchObject({
      purpose: 'camera',
      assignment_attempt_id: attemptId,
      assignment: { name: 'Экзамен по физике' },
      student: { firstname: 'Айгерим' },
      attempt: { status: 'active' },
      settings: { second_camera_record: true, microphone_record: false, heartbeat_seconds: 10 },
    });
    expect(JSON.stringify(info.body)).not.toContain('Сапарова');
  });
});

describe('the phone with the link', () => {
  let session: { id: string; file_upload_endpoint: string; file_upload_params: Record<string, unknown> };

  it('opens the attempt’s second-camera session, the same one when it asks again', async () => {
    const opened = await phone('POST', `/api/webinar-sessions/external/${cameraToken}/sessions`, {
      session_id: 'phone-rec-0001',
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    session = opened.body.entity;
    expect(opened.body.entity).toMatchObject({
      session_type: 'second-camera',
      assignment_attempt_id: attemptId,
      user_id: callerFor('student', 'school-a').userId,
      status: 'started',
      file_upload_endpoint: `/api/webinar-sessions/${session.id}/upload`,
      file_upload_params: {
        session_id: session.id,
        expires: expect.any(Number),
        signature: expect.any(String),
      },
    });
    const again = await phone('POST', `/api/webinar-sessions/external/${cameraToken}/sessions`, {
      session_id: 'phone-rec-0001',
    });
    expect(again.body.entity.id).toBe(session.id);
    // The student sees it among their sessions; the classmate does not.
    const mine = await call(
      media.url,
      'GET',
      `/api/webinar-sessions?filter[assignment_attempt_id]=${attemptId}`,
      student,
    );
    expect(mine.body.entities.map((s: { id: string }) => s.id)).toContain(session.id);
    const theirs = await call(media.url, 'GET', `/api/webinar-sessions/${session.id}`, classmate);
    expect(theirs.status).toBe(404);

    const screen = await phone('POST', `/api/webinar-sessions/external/${cameraToken}/sessions`, {
      session_id: 'phone-rec-0002',
      session_type: 'screen',
    });
    expect(screen).toMatchObject({ status: 422, body: { errors: { session_type: [expect.any(String)] } } });
  });

  it('uploads its chunks and playlist with the session’s params, and the recording converts', async () => {
    for (const chunk of chunks) {
      const sent = await uploadFile(
        media.url,
        session.file_upload_endpoint,
        session.file_upload_params,
        chunk,
      );
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    }
    const playlist = await uploadFile(media.url, session.file_upload_endpoint, session.file_upload_params, {
      name: 'manifest.json',
      data: manifestOf(chunks, SECONDS),
    });
    expect(playlist.status, JSON.stringify(playlist.body)).toBe(200);
    let shown: Record<string, unknown> = {};
    for (let i = 0; i < 600 && !shown.state; i += 1) {
      await media.caughtUp();
      shown = (await call(media.url, 'GET', `/api/webinar-sessions/${session.id}`, student)).body.entity;
      if (!shown.state) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(shown).toMatchObject({ status: 'finished', state: 'converted', session_type: 'second-camera' });
    expect(Number(shown.video_duration)).toBeGreaterThan(SECONDS - 1.5);
  }, 120_000);

  it('reports its page open and closed; the exam reads waiting, live, closed', async () => {
    expect((await cameraStatus()).body.entity).toMatchObject({ state: 'waiting', webinar_session_id: null });
    const lifecycle = (event: string, id = session.id, token = cameraToken) =>
      phone('POST', `/api/webinar-sessions/external/${token}/lifecycle`, { webinar_session_id: id, event });
    expect((await lifecycle('opened')).status).toBe(200);
    expect((await cameraStatus()).body.entity).toMatchObject({
      state: 'live',
      webinar_session_id: session.id,
    });
    expect((await lifecycle('heartbeat')).status).toBe(200);
    expect((await lifecycle('closed')).status).toBe(200);
    expect((await cameraStatus()).body.entity).toMatchObject({
      state: 'closed',
      closed_at: expect.any(String),
    });
    // Only the attempt's student reads it.
    expect((await cameraStatus(classmate)).status).toBe(422);
    expect((await cameraStatus(teacher)).status).toBe(403);
    // A session of another attempt is not this link's.
    const classmateLink = (await asked(classmate, classmateAttemptId, 'camera')).body.entity.token as string;
    const crossed = await lifecycle('opened', session.id, classmateLink);
    expect(crossed).toMatchObject({
      status: 422,
      body: { errors: { webinar_session_id: [expect.any(String)] } },
    });
    expect((await lifecycle('sleeping')).status).toBe(422);
  });
});

describe('links refused', () => {
  it('a changed token, another attempt’s signature: 404; an expired one: 410; in the specification’s shape', async () => {
    const [purpose, attempt, expires, signature] = cameraToken.split('.') as [string, string, string, string];
    const tampered = [
      `${purpose}.${classmateAttemptId}.${expires}.${signature}`,
      `${purpose}.${attempt}.${Number(expires) + 60}.${signature}`,
      `upload.${attempt}.${expires}.${signature}`,
      `${cameraToken.slice(0, -2)}xx`,
      'not-a-token',
    ];
    for (const token of tampered) {
      const refused = await phone('GET', `/api/webinar-sessions/external/${token}`);
      expect(refused.body, token).toEqual({
        message: 'The link is invalid',
        errors: { token: ['Ссылка недействительна'] },
        status_code: 404,
      });
      expect(
        (
          await phone('POST', `/api/webinar-sessions/external/${token}/sessions`, {
            session_id: 'phone-rec-0009',
          })
        ).status,
      ).toBe(404);
    }
    const signedEarlier = new MediaSigner(key, () => new Date(Date.now() - 3 * 3600_000));
    const expired = issueExternalToken(signedEarlier, 'camera', attemptId).token;
    const late = await phone('POST', `/api/webinar-sessions/external/${expired}/sessions`, {
      session_id: 'phone-rec-0010',
    });
    expect(late.body).toEqual({
      message: 'The link has expired',
      errors: { token: ['Срок действия ссылки истёк'] },
      status_code: 410,
    });
    // Another platform's key opens nothing here.
    const foreign = issueExternalToken(
      new MediaSigner(randomBytes(32), () => new Date()),
      'camera',
      attemptId,
    ).token;
    expect((await phone('GET', `/api/webinar-sessions/external/${foreign}`)).status).toBe(404);
  });

  it('a finished attempt: no camera records for it, the upload link still finishes a recording', async () => {
    const attempt = await startAttempt(student);
    const camera = (await asked(student, attempt, 'camera')).body.entity.token as string;
    const opened = await phone('POST', `/api/webinar-sessions/external/${camera}/sessions`, {
      session_id: 'phone-rec-0100',
    });
    expect(opened.status).toBe(201);
    const finished = await call(
      media.url,
      'POST',
      `/api/assignment-attempts/${attempt}/finish.json`,
      student,
    );
    expect(finished.status, JSON.stringify(finished.body)).toBeLessThan(300);
    await media.caughtUp();

    const info = await phone('GET', `/api/webinar-sessions/external/${camera}`);
    expect(info.body.entity.attempt).toMatchObject({ status: 'finished' });
    const refused = await phone('POST', `/api/webinar-sessions/external/${camera}/sessions`, {
      session_id: 'phone-rec-0101',
    });
    expect(refused.body).toEqual({
      message: 'The attempt is finished',
      errors: { assignment_attempt_id: ['Попытка завершена'] },
      status_code: 409,
    });
    const beat = (event: string) =>
      phone('POST', `/api/webinar-sessions/external/${camera}/lifecycle`, {
        webinar_session_id: opened.body.entity.id,
        event,
      });
    expect((await beat('heartbeat')).status).toBe(409);
    expect((await beat('closed')).status).toBe(200);
    expect((await asked(student, attempt, 'camera')).status).toBe(409);

    const upload = await asked(student, attempt, 'upload');
    expect(upload.status).toBe(201);
    // Their own attempt only, as the student's assignment page asks for it: a classmate or another
    // school's student reads it as no attempt at all.
    for (const other of [classmate, otherSchool]) {
      expect(await asked(other, attempt, 'upload')).toMatchObject({
        status: 422,
        body: { errors: { assignment_attempt_id: [expect.any(String)] }, status_code: 422 },
      });
    }
    const uploadToken = upload.body.entity.token as string;
    const main = await phone('POST', `/api/webinar-sessions/external/${uploadToken}/sessions`, {
      session_id: 'upload-page-0001',
      session_type: 'main-camera',
    });
    expect(main.status).toBe(201);
    expect(main.body.entity).toMatchObject({ session_type: 'main-camera', assignment_attempt_id: attempt });
    const sent = await uploadFile(
      media.url,
      main.body.entity.file_upload_endpoint,
      main.body.entity.file_upload_params,
      chunks[0]!,
    );
    expect(sent.status).toBe(201);
    // An upload link reports no camera page.
    const noCamera = await phone('POST', `/api/webinar-sessions/external/${uploadToken}/lifecycle`, {
      webinar_session_id: main.body.entity.id,
      event: 'opened',
    });
    expect(noCamera.status).toBe(422);
  });
});
