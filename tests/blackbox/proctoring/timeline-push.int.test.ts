import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../records/records-app';
import { caller } from '../schools/contexts-app';
import { TestClient } from '../realtime/client';
import { startProctoringApp, type ProctoringApp } from './proctoring-app';

/**
 * The proctor's timeline follows the projection: once a batch with a student's violation is committed,
 * `TimelineChanged` names the attempt on the assignment's channel, and a read of the timeline made on
 * that push already shows the violation. Watchers of another school's assignment hear nothing of it.
 */
let env: ProctoringApp;
const teacherA = tokenFor('teacher', 'school-a');
const proctorA = tokenFor('proctor', 'school-a');
const studentA = tokenFor('student', 'school-a');
const teacherB = tokenFor('teacher', 'school-b');
const proctorB = tokenFor('proctor', 'school-b');
const studentB = tokenFor('student', 'school-b');

const call = caller<{ entity: Record<string, unknown> }>(() => env.app);

async function exam(teacher: string, student: string, studentId: string) {
  const made = await call('POST', '/api/assignments', teacher, {
    type: 'external',
    name: 'Экзамен',
    students: [studentId],
  });
  const assignment = String(made.body.entity.id);
  const opened = await call('POST', '/api/assignment-attempts', student, { assignment_id: assignment });
  return { assignment, attempt: String(opened.body.entity.id) };
}

async function listen(token: string, channel: string): Promise<TestClient> {
  const { client, socketId } = await TestClient.connect(env.url, token);
  const answer = await fetch(`${env.url}/broadcasting/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ socket_id: socketId, channel_name: channel }),
  });
  expect(answer.status).toBe(200);
  const { auth } = (await answer.json()) as { auth: string };
  expect(await client.subscribe(channel, auth)).toMatchObject({ event: 'subscribed' });
  return client;
}

let a: { assignment: string; attempt: string };
let b: { assignment: string; attempt: string };

beforeAll(async () => {
  env = await startProctoringApp();
  a = await exam(teacherA, studentA, 'student-school-a-1');
  b = await exam(teacherB, studentB, 'student-school-b-1');
  await env.caughtUp();
}, 60_000);
afterAll(async () => {
  await env?.close();
});

describe('the timeline push', () => {
  it('tells the assignment’s proctor once the timeline is stored, and no other school’s watcher', async () => {
    const channelA = `assignment.${a.assignment}`;
    const proctor = await listen(proctorA, channelA);
    // Another school's proctor, listening on their own assignment's channel; refused on this one.
    const outsider = await listen(proctorB, `assignment.${b.assignment}`);
    const { client: unsubscribed, socketId: outsiderSocket } = await TestClient.connect(env.url, proctorB);
    const refused = await fetch(`${env.url}/broadcasting/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${proctorB}` },
      body: JSON.stringify({ socket_id: outsiderSocket, channel_name: channelA }),
    });
    expect(refused.status).toBe(403);
    unsubscribed.close();

    const sent = await call('POST', '/api/assignment/actions', studentA, {
      id: 'timeline-push-1',
      assignment_id: a.assignment,
      assignment_attempt_id: a.attempt,
      action_type: 'many_faces',
    });
    expect(sent.status).toBe(201);
    const push = await proctor.next(
      (m) =>
        m.event === 'TimelineChanged' &&
        (m as { data: { assignment_attempt_ids: string[] } }).data.assignment_attempt_ids.includes(a.attempt),
      'TimelineChanged',
    );
    expect(push).toMatchObject({ channel: channelA, data: { position: expect.stringMatching(/^\d+$/) } });
    // Sent at the projection's commit: a read made on the push already shows the violation.
    const timeline = await call('GET', `/api/proctoring/timelines/${a.attempt}`, proctorA);
    expect(timeline.status).toBe(200);
    const violations = timeline.body.entity.violations as { type: string }[];
    expect(violations.map((v) => v.type)).toContain('many_faces');

    // A later action of the other school's student reaches its own proctor: by then the first push
    // would have reached the outsider too, had it been sent there.
    const other = await call('POST', '/api/assignment/actions', studentB, {
      id: 'timeline-push-2',
      assignment_id: b.assignment,
      assignment_attempt_id: b.attempt,
      action_type: 'many_faces',
    });
    expect(other.status).toBe(201);
    await outsider.next((m) => m.event === 'TimelineChanged', 'the other school’s TimelineChanged');
    await env.caughtUp();
    const heard = outsider
      .pushes('TimelineChanged')
      .flatMap((m) => (m as { data: { assignment_attempt_ids: string[] } }).data.assignment_attempt_ids);
    expect(heard).toEqual([b.attempt]);
    expect(
      proctor
        .pushes('TimelineChanged')
        .flatMap((m) => (m as { data: { assignment_attempt_ids: string[] } }).data.assignment_attempt_ids),
    ).not.toContain(b.attempt);
    proctor.close();
    outsider.close();
  });
});
