import { CLOSE_CODES, streamId, type ServerMessage } from '@sabaq/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../records/records-app';
import { caller } from '../schools/contexts-app';
import { TestClient } from '../realtime/client';
import { startProctoringApp, type ProctoringApp } from './proctoring-app';

/**
 * Proctoring actions sent as `proctoring.actions` frames on the realtime socket: answered
 * `proctoring.ack` (the stored ids) or `proctoring.error` (the HTTP error shape), with the HTTP batch's
 * validation, write rules and idempotency. An exam of school-a with two students; its proctor and an
 * analyst of the school; a student and a proctor of school-b.
 */
let env: ProctoringApp;
let assignment: string;
let attempt1: string;
let attempt2: string;
const teacher = tokenFor('teacher', 'school-a');
const proctor = tokenFor('proctor', 'school-a');
const analyst = tokenFor('analyst', 'school-a');
const student1 = tokenFor('student', 'school-a');
const student2 = tokenFor('student', 'school-a', 2);
const outsideStudent = tokenFor('student', 'school-b');
const outsideProctor = tokenFor('proctor', 'school-b');

type Reply = Extract<ServerMessage, { event: 'proctoring.ack' | 'proctoring.error' }>;
type Ack = Extract<Reply, { event: 'proctoring.ack' }>;
type Refusal = Extract<Reply, { event: 'proctoring.error' }>;

const call = caller<Record<string, unknown>>(() => env.app);

const sockets: TestClient[] = [];
async function socketOf(token: string): Promise<TestClient> {
  const { client } = await TestClient.connect(env.url, token);
  sockets.push(client);
  return client;
}

let refs = 0;
/** Sends one frame and waits for the answer carrying its ref. */
async function send(client: TestClient, actions: object[], ref = `r-${++refs}`): Promise<Reply> {
  client.send({ event: 'proctoring.actions', ref, actions });
  const answer = await client.next(
    (m) => (m.event === 'proctoring.ack' || m.event === 'proctoring.error') && m.ref === ref,
    `answer to ${ref}`,
  );
  return answer as Reply;
}
async function acked(client: TestClient, actions: object[]): Promise<Ack> {
  const answer = await send(client, actions);
  if (answer.event !== 'proctoring.ack') throw new Error(`refused: ${JSON.stringify(answer)}`);
  return answer;
}
async function refused(client: TestClient, actions: object[]): Promise<Refusal> {
  const answer = await send(client, actions);
  if (answer.event !== 'proctoring.error') throw new Error(`accepted: ${JSON.stringify(answer)}`);
  return answer;
}

const action = (fields: Record<string, unknown>, attempt = attempt1) => ({
  assignment_id: assignment,
  assignment_attempt_id: attempt,
  ...fields,
});
const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();
const storedIds = async (attempt: string) =>
  (await env.store.readStream(streamId('proctoring', attempt))).map((e) => e.id);

beforeAll(async () => {
  env = await startProctoringApp();
  const made = await call('POST', '/api/assignments', teacher, {
    type: 'external',
    name: 'Экзамен по геометрии',
    students: ['student-school-a-1', 'student-school-a-2'],
  });
  assignment = (made.body.entity as { id: string }).id;
  const open = async (token: string) =>
    (
      (await call('POST', '/api/assignment-attempts', token, { assignment_id: assignment })).body.entity as {
        id: string;
      }
    ).id;
  attempt1 = await open(student1);
  attempt2 = await open(student2);
  await env.caughtUp();
}, 60_000);
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await env?.close();
});

describe('proctoring actions over the socket', () => {
  it('acknowledges a frame with the ids the actions are stored and listed under', async () => {
    const socket = await socketOf(student1);
    const answer = await acked(socket, [
      action({ id: 'w-1', action_type: 'session_started', created_at: secondsAgo(20) }),
      action({
        id: 'w-2',
        action_type: 'face_missing',
        description: 'лицо вне кадра',
        created_at: secondsAgo(10),
      }),
    ]);
    expect(answer.ids).toHaveLength(2);
    expect(await storedIds(attempt1)).toEqual(answer.ids);
    await env.caughtUp();
    const listed = await call('GET', `/api/assignment/actions?assignment_attempt_id=${attempt1}`, teacher);
    expect(listed.body.entities).toMatchObject([
      {
        id: answer.ids[0],
        action_type: 'session_started',
        source: 'client',
        initiator_id: 'student-school-a-1',
      },
      { id: answer.ids[1], action_type: 'face_missing', description: 'лицо вне кадра', is_warning: false },
    ]);
  });

  it('stores a retried frame once, and the same client id over HTTP is the same action', async () => {
    const socket = await socketOf(student1);
    const frame = [
      action({ id: 'w-3', action_type: 'focus_lost' }),
      action({ id: 'w-4', action_type: 'noise' }),
    ];
    const first = await acked(socket, frame);
    const before = await storedIds(attempt1);
    const retry = await acked(socket, frame);
    expect(retry.ids).toEqual(first.ids);
    // A reconnected client retries on a new socket.
    const again = await acked(await socketOf(student1), frame);
    expect(again.ids).toEqual(first.ids);
    const overHttp = await call('POST', '/api/assignment/actions/batch', student1, { actions: frame });
    expect(overHttp.status).toBe(201);
    expect((overHttp.body.entities as { id: string }[]).map((e) => e.id)).toEqual(first.ids);
    expect(await storedIds(attempt1)).toEqual(before);
    const twiceInOneFrame = await acked(socket, [
      action({ id: 'w-5', action_type: 'eye_away' }),
      action({ id: 'w-5', action_type: 'eye_away' }),
    ]);
    expect(twiceInOneFrame.ids[0]).toBe(twiceInOneFrame.ids[1]);
    expect((await storedIds(attempt1)).filter((id) => id === twiceInOneFrame.ids[0])).toHaveLength(1);
  });

  it('refuses a malformed frame whole, with the batch route’s field errors', async () => {
    const socket = await socketOf(student1);
    const before = await storedIds(attempt1);
    const bad = await refused(socket, [
      action({ id: 'w-6', action_type: 'focus_lost' }),
      action({ id: 'w 7', action_type: 'daydreaming' }),
    ]);
    expect(bad).toMatchObject({ status_code: 422, message: 'The given data was invalid.' });
    expect(Object.keys(bad.errors).sort()).toEqual(['actions.1.action_type', 'actions.1.id']);
    expect(bad.errors['actions.1.action_type']).toEqual(['Неизвестный тип действия']);
    const empty = await refused(socket, []);
    expect(empty.status_code).toBe(422);
    expect(Object.keys(empty.errors)).toEqual(['actions']);
    expect(await storedIds(attempt1)).toEqual(before);
    // Without a ref the answer cannot be matched to a frame, but it still comes, in the same shape.
    socket.send({ event: 'proctoring.actions', actions: [action({ action_type: 'focus_lost' })] });
    const unmatched = await socket.next(
      (m) => m.event === 'proctoring.error' && m.ref === null,
      'answer to a frame without ref',
    );
    expect(unmatched).toMatchObject({ status_code: 422, errors: { ref: expect.any(Array) } });
  });

  it('applies the batch’s write rules: whose attempt, which actions, whose school', async () => {
    const mine = await socketOf(student1);
    const before = await storedIds(attempt2);
    const othersAttempt = await refused(mine, [action({ action_type: 'focus_lost' }, attempt2)]);
    expect(othersAttempt).toMatchObject({ status_code: 403, message: 'Это не ваша попытка' });
    const naming = await refused(mine, [
      action({ action_type: 'focus_lost', student_id: 'student-school-a-2' }),
    ]);
    expect(naming).toMatchObject({ status_code: 403, message: 'Это не ваша попытка' });
    const proctorAction = await refused(mine, [action({ action_type: 'exam_suspended' })]);
    expect(proctorAction.status_code).toBe(403);
    const future = await refused(mine, [
      action({ action_type: 'focus_lost', created_at: new Date(Date.now() + 3_600_000).toISOString() }),
    ]);
    expect(future.errors).toEqual({ 'actions.0.created_at': ['Время действия в будущем'] });

    const outsider = await refused(await socketOf(outsideStudent), [action({ action_type: 'focus_lost' })]);
    expect(outsider).toMatchObject({ status_code: 404, message: 'Попытка не найдена' });
    const outsideWatcher = await refused(await socketOf(outsideProctor), [
      action({ action_type: 'proctor_message' }, attempt2),
    ]);
    expect(outsideWatcher.status_code).toBe(404);
    const notAWriter = await refused(await socketOf(analyst), [action({ action_type: 'proctor_message' })]);
    expect(notAWriter.status_code).toBe(403);
    expect(await storedIds(attempt2)).toEqual(before);
  });

  it('judges each of many frames sent at once by its own attempt', async () => {
    // Frames read in the same turn share one look-up of their attempts (ingest/write-targets.ts).
    const [first, second, third] = [
      await socketOf(student1),
      await socketOf(student2),
      await socketOf(student2),
    ];
    const answers = await Promise.all([
      send(first, [action({ id: 'w-many-1', action_type: 'eye_away' })]),
      send(second, [action({ id: 'w-many-2', action_type: 'eye_away' })]),
      send(third, [action({ id: 'w-many-3', action_type: 'eye_away' }, attempt2)]),
      send(first, [action({ id: 'w-many-4', action_type: 'eye_away' }, 'no-such-attempt')]),
    ]);
    expect(answers.map((a) => (a.event === 'proctoring.ack' ? 201 : a.status_code))).toEqual([
      201, 403, 201, 404,
    ]);
  });

  it('lets the proctor act on the socket and holds the student it suspends', async () => {
    const watcher = await socketOf(proctor);
    const student = await socketOf(student1);
    const lifecycle = await refused(watcher, [action({ action_type: 'session_started' })]);
    expect(lifecycle.errors).toEqual({ action_type: ['Этапы сессии отправляет клиент студента'] });
    const suspended = await acked(watcher, [
      action({ action_type: 'exam_suspended', description: 'Телефон' }),
    ]);
    expect(suspended.ids).toHaveLength(1);
    await env.caughtUp();
    const held = await refused(student, [action({ action_type: 'focus_lost' })]);
    expect(held.errors).toEqual({ assignment_attempt_id: ['Попытка приостановлена проктором'] });
    await acked(watcher, [action({ action_type: 'exam_resumed' })]);
    await env.caughtUp();
    await acked(student, [action({ action_type: 'focus_lost' })]);
  });

  it('refuses a finished attempt', async () => {
    const finished = await call('POST', `/api/assignment-attempts/${attempt2}/finish.json`, student2);
    expect(finished.status).toBe(200);
    const late = await refused(await socketOf(student2), [action({ action_type: 'focus_lost' }, attempt2)]);
    expect(late).toMatchObject({
      status_code: 422,
      errors: { assignment_attempt_id: ['Попытка завершена'] },
    });
  });

  it('reaches the proctor’s feed like any recorded action', async () => {
    const { client: watcher, socketId: socket_id } = await TestClient.connect(env.url, proctor);
    sockets.push(watcher);
    const channel = `assignment.${assignment}`;
    const signed = await call('POST', '/broadcasting/auth', proctor, { socket_id, channel_name: channel });
    expect(await watcher.subscribe(channel, signed.body.auth as string)).toMatchObject({
      event: 'subscribed',
    });
    const { ids } = await acked(await socketOf(student1), [
      action({ id: 'w-feed', action_type: 'many_faces' }),
    ]);
    const pushed = await watcher.next((m) => m.event === 'ActionRecorded', 'ActionRecorded');
    expect(pushed).toMatchObject({
      channel,
      data: { id: ids[0], action_type: 'many_faces', source: 'client' },
    });
  });

  it('closes a socket that sends actions before authenticating', async () => {
    const client = await TestClient.open(env.url);
    sockets.push(client);
    client.send({
      event: 'proctoring.actions',
      ref: 'r-early',
      actions: [action({ action_type: 'focus_lost' })],
    });
    expect((await client.closed).code).toBe(CLOSE_CODES.unauthenticated);
    expect(client.received).toEqual([]);
  });
});
