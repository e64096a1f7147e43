import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignmentRecord } from '../../../services/src/contexts/assignments/test-fixtures';
import { assignmentWebinarId } from '../../../services/src/contexts/webinars/ids';
import { tokenFor } from '../records/records-app';
import { TestClient } from '../realtime/client';
import { caller } from '../schools/contexts-app';
import { startWebinarsApp, type WebinarsApp } from './webinars-app';

/**
 * Webinars over HTTP and the realtime socket: a class's webinar is seen and joined by its teacher and
 * students only; a student of another class or school can neither see it, subscribe to its channel
 * nor relay a signal; signals reach only the socket they name; the moderator ends it for everyone; an
 * is_webinar assignment gets its webinar. Tokens: `student@school-a#3` is `student-school-a-3`.
 */
let env: WebinarsApp;
const call = caller(() => env.app);
const teacher = tokenFor('teacher', 'school-a');
const S = (n: number) => `student-school-a-${n}`;
const student = (n: number) => tokenFor('student', 'school-a', n);
const outsider = tokenFor('student', 'school-b');
const classA = `cl-${randomUUID()}`;
const classB = `cl-${randomUUID()}`;
const assignmentId = `as-${randomUUID()}`;

async function plant(stream: string, type: string, data: object) {
  await env.store.append(
    stream,
    [{ id: randomUUID(), type, data, metadata: { schoolId: 'school-a', userId: 'teacher-school-a-1' } }],
    { expectedVersion: 'any' },
  );
}
const klass = (id: string, students: string[]) => ({
  id,
  type: 'group',
  image: null,
  color: null,
  name: id,
  description: null,
  chat_id: null,
  teachers: ['teacher-school-a-1'],
  students,
  settings: {},
});
async function auth(token: string, socketId: string, channel: string) {
  const answer = await call('POST', '/broadcasting/auth', token, {
    socket_id: socketId,
    channel_name: channel,
  });
  return answer;
}

beforeAll(async () => {
  env = await startWebinarsApp();
  await plant(`class-${classA}`, 'ClassCreated', klass(classA, [S(1), S(2)]));
  await plant(`class-${classB}`, 'ClassCreated', klass(classB, [S(3)]));
  await plant(
    `assignment-${assignmentId}`,
    'AssignmentCreated',
    assignmentRecord({
      id: assignmentId,
      name: 'Урок онлайн',
      is_webinar: true,
      class_id: classA,
      students: [S(1)],
    }),
  );
  await plant(`user-${S(1)}`, 'UserRegistered', {
    userId: S(1),
    username: 's1',
    group: 'student',
    schoolIds: ['school-a'],
    firstname: 'Айгерим',
    lastname: 'Касымова',
    passwordHash: 'not-a-usable-hash',
    registeredAt: new Date().toISOString(),
  });
  await env.caughtUp();
});
afterAll(async () => {
  await env?.close();
});

describe('webinars over HTTP', () => {
  let id: string;
  it('a teacher makes a webinar for a class; its students see it, others do not', async () => {
    const made = await call('POST', '/api/webinars', teacher, { name: 'Разбор задач', class_id: classA });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    id = made.body.entity!.id;
    expect(made.body.entity).toMatchObject({
      status: 'scheduled',
      is_moderator: true,
      room: `webinar.${id}`,
      ice_servers: [],
    });
    const seen = await call('GET', `/api/webinars/${id}`, student(1));
    expect(seen.body.entity).toMatchObject({ id, is_moderator: false });
    const list = await call('GET', '/api/webinars', student(1));
    expect((list.body.entities as { data: { id: string }[] }).data.map((w) => w.id)).toContain(id);
    for (const token of [student(3), outsider]) {
      expect((await call('GET', `/api/webinars/${id}`, token)).status).toBe(404);
      const theirs = await call('GET', '/api/webinars', token);
      expect((theirs.body.entities as { data: { id: string }[] }).data.map((w) => w.id)).not.toContain(id);
    }
  });

  it('refuses students making or changing webinars, and another school’s class', async () => {
    expect((await call('POST', '/api/webinars', student(1), { name: 'x' })).status).toBe(403);
    expect((await call('PUT', `/api/webinars/${id}`, student(1), { name: 'x' })).status).toBe(403);
    expect((await call('PUT', `/api/webinars/${id}`, outsider, { name: 'x' })).status).toBe(404);
    const foreign = await call('POST', '/api/webinars', tokenFor('teacher', 'school-b'), {
      name: 'x',
      class_id: classA,
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toHaveProperty('class_id');
    const bad = await call('POST', '/api/webinars', teacher, { name: '' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('name');
    const renamed = await call('PUT', `/api/webinars/${id}`, teacher, { description: 'Дроби' });
    expect(renamed.body.entity).toMatchObject({
      name: 'Разбор задач',
      description: 'Дроби',
      class_id: classA,
    });
  });

  it('gives an is_webinar assignment its webinar, moderated by the assignment’s owner', async () => {
    const asStudent = await call('GET', `/api/assignments/${assignmentId}/webinar.json`, student(1));
    expect(asStudent.status, JSON.stringify(asStudent.body)).toBe(200);
    expect(asStudent.body.entity).toMatchObject({
      id: assignmentWebinarId(assignmentId),
      assignment_id: assignmentId,
      name: 'Урок онлайн',
      is_moderator: false,
    });
    const asTeacher = await call('GET', `/api/assignments/${assignmentId}/webinar.json`, teacher);
    expect(asTeacher.body.entity).toMatchObject({ is_moderator: true });
    // The call's tiles name people: everyone who may join and is in the school's directory.
    expect(asTeacher.body.entity!.people).toEqual([{ id: S(1), name: 'Айгерим Касымова' }]);
    expect((await call('GET', `/api/assignments/${assignmentId}/webinar.json`, student(3))).status).toBe(404);
    expect((await call('GET', `/api/assignments/${randomUUID()}/webinar.json`, teacher)).status).toBe(404);
  });
});

describe('signalling on the webinar channel', () => {
  it('admits the webinar’s people, relays only to the named socket, and ends for everyone', async () => {
    const made = await call('POST', '/api/webinars', teacher, { name: 'Созвон', class_id: classA });
    const channel = `webinar.${made.body.entity!.id}`;
    const t = await TestClient.connect(env.url, teacher);
    const s1 = await TestClient.connect(env.url, student(1));
    const s2 = await TestClient.connect(env.url, student(2));
    const s3 = await TestClient.connect(env.url, student(3));
    for (const [token, peer] of [
      [teacher, t],
      [student(1), s1],
      [student(2), s2],
    ] as const) {
      const signed = await auth(token, peer.socketId, channel);
      expect(signed.status).toBe(200);
      expect(await peer.client.subscribe(channel, signed.body.auth as string)).toMatchObject({
        event: 'subscribed',
      });
    }
    // Another class's student and another school's: no signature, no subscription, no relay.
    expect((await auth(student(3), s3.socketId, channel)).status).toBe(403);
    expect((await auth(outsider, s3.socketId, channel)).status).toBe(403);
    expect(await s3.client.subscribe(channel)).toMatchObject({ event: 'subscription_error' });
    s3.client.send({
      event: 'whisper',
      channel,
      name: 'webinar-signal',
      to: t.socketId,
      signal: { kind: 'offer', description: { type: 'offer', sdp: 'v=0' } },
    });
    expect(await s3.client.next((m) => m.event === 'error')).toMatchObject({ data: { status_code: 403 } });

    s1.client.send({ event: 'whisper', channel, name: 'webinar-join' });
    expect(await t.client.next((m) => m.event === 'webinar-join')).toMatchObject({
      channel,
      data: { user_id: S(1), socket_id: s1.socketId },
    });
    await s2.client.next((m) => m.event === 'webinar-join');
    t.client.send({
      event: 'whisper',
      channel,
      name: 'webinar-signal',
      to: s1.socketId,
      signal: { kind: 'offer', description: { type: 'offer', sdp: 'v=0 teacher' } },
    });
    expect(await s1.client.next((m) => m.event === 'webinar-signal')).toMatchObject({
      data: { user_id: 'teacher-school-a-1', socket_id: t.socketId, signal: { kind: 'offer' } },
    });
    // A signal without its target is refused; the one above never reached student 2.
    t.client.send({
      event: 'whisper',
      channel,
      name: 'webinar-signal',
      signal: { kind: 'candidate', candidate: null },
    });
    await t.client.next((m) => m.event === 'error');
    expect(s2.client.pushes('webinar-signal')).toHaveLength(0);
    // Nobody hears their own frames.
    expect(s1.client.pushes('webinar-join')).toHaveLength(0);

    expect((await call('POST', `/api/webinars/${made.body.entity!.id}/end.json`, student(1))).status).toBe(
      403,
    );
    const ended = await call('POST', `/api/webinars/${made.body.entity!.id}/end.json`, teacher);
    expect(ended.body.entity).toMatchObject({ status: 'finished' });
    for (const peer of [t, s1, s2]) {
      expect(await peer.client.next((m) => m.event === 'webinar-ended')).toMatchObject({ channel });
    }
    expect((await auth(student(1), s1.socketId, channel)).status).toBe(403);
    for (const peer of [t, s1, s2, s3]) peer.client.close();
  });
});
