import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../records/records-app';
import { TestClient } from '../realtime/client';
import { startProctoringApp, type ProctoringApp } from './proctoring-app';

/**
 * The live proctor feed: `assignment.{id}` is open to the assignment's watchers only, and a student's
 * action reaches a subscribed proctor as it is persisted (ActionRecorded, and ViolationDetected for a
 * violation).
 */
let env: ProctoringApp;
let assignment: string;
let attempt: string;
const teacher = tokenFor('teacher', 'school-a');
const proctor = tokenFor('proctor', 'school-a');
const colleague = tokenFor('teacher', 'school-a', 2);
const outsideProctor = tokenFor('proctor', 'school-b');
const student = tokenFor('student', 'school-a');

async function post(url: string, token: string, payload: object) {
  const response = await env.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}` },
    payload,
  });
  return { status: response.statusCode, body: response.json() as { entity: { id: string } } };
}
const authorise = (token: string, socketId: string, channel: string) =>
  fetch(`${env.url}/broadcasting/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ socket_id: socketId, channel_name: channel }),
  });

beforeAll(async () => {
  env = await startProctoringApp();
  const made = await post('/api/assignments', teacher, {
    type: 'external',
    name: 'Экзамен',
    students: ['student-school-a-1'],
  });
  assignment = made.body.entity.id;
  attempt = (await post('/api/assignment-attempts', student, { assignment_id: assignment })).body.entity.id;
  await env.caughtUp();
}, 60_000);
afterAll(async () => {
  await env?.close();
});

describe('the live proctor feed', () => {
  it('lets the assignment’s watchers listen and nobody else', async () => {
    const channel = `assignment.${assignment}`;
    for (const [token, allowed] of [
      [proctor, true],
      [teacher, true],
      [colleague, false],
      [outsideProctor, false],
      [student, false],
    ] as const) {
      const { client, socketId } = await TestClient.connect(env.url, token);
      const answer = await authorise(token, socketId, channel);
      expect({ token, status: answer.status }).toEqual({ token, status: allowed ? 200 : 403 });
      client.close();
    }
  });

  it('pushes a student’s action to the subscribed proctor as it is persisted', async () => {
    const channel = `assignment.${assignment}`;
    const { client, socketId } = await TestClient.connect(env.url, proctor);
    const { auth } = (await (await authorise(proctor, socketId, channel)).json()) as { auth: string };
    expect(await client.subscribe(channel, auth)).toMatchObject({ event: 'subscribed' });
    const posted = Date.now();
    const sent = await post('/api/assignment/actions', student, {
      id: 'live-1',
      assignment_id: assignment,
      assignment_attempt_id: attempt,
      action_type: 'many_faces',
    });
    expect(sent.status).toBe(201);
    const action = await client.next((m) => m.event === 'ActionRecorded', 'ActionRecorded');
    const latency = Date.now() - posted;
    expect(action).toMatchObject({
      channel,
      data: {
        id: sent.body.entity.id,
        assignment_attempt_id: attempt,
        action_type: 'many_faces',
        source: 'client',
      },
    });
    // One contract: the push is the entity the POST answered, field for field.
    expect((action as { data: unknown }).data).toEqual(sent.body.entity);
    const violation = await client.next((m) => m.event === 'ViolationDetected', 'ViolationDetected');
    expect(violation).toMatchObject({
      channel,
      data: { type: 'many_faces', student_id: 'student-school-a-1' },
    });
    // Recorded, not asserted against 200 ms: a loaded shared machine is no place for a latency bound.
    console.info(`live feed: POST → socket ${latency} ms`);
    client.close();
  });
});
