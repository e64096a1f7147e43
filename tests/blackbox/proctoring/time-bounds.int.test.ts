import { streamId, type ServerMessage } from '@sabaq/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../records/records-app';
import { caller } from '../schools/contexts-app';
import { TestClient } from '../realtime/client';
import { startProctoringApp, type ProctoringApp } from './proctoring-app';

/**
 * A client's `created_at` of an action or activity must lie between its attempt's start (less five
 * minutes of clock skew) and the server's now (plus five): a far-past, far-future or non-date time is a
 * 422 on the field, over HTTP, in a batch and on the socket, and nothing is stored.
 */
let env: ProctoringApp;
let assignment: string;
let attempt: string;
let startedAt: number;
const teacher = tokenFor('teacher', 'school-a');
const proctor = tokenFor('proctor', 'school-a');
const student = tokenFor('student', 'school-a');

const call = caller<Record<string, unknown>>(() => env.app);
const stored = async () => (await env.store.readStream(streamId('proctoring', attempt))).length;
const action = (created_at: string) => ({
  assignment_id: assignment,
  assignment_attempt_id: attempt,
  action_type: 'focus_lost',
  created_at,
});

beforeAll(async () => {
  env = await startProctoringApp();
  const made = await call('POST', '/api/assignments', teacher, {
    type: 'external',
    name: 'Экзамен по физике',
    students: ['student-school-a-1'],
  });
  assignment = (made.body.entity as { id: string }).id;
  const opened = (await call('POST', '/api/assignment-attempts', student, { assignment_id: assignment })).body
    .entity as { id: string; started_at: string };
  attempt = opened.id;
  startedAt = Date.parse(opened.started_at);
  await env.caughtUp();
}, 60_000);
afterAll(async () => {
  await env?.close();
});

const refusedTimes = () =>
  [
    ['year 1', '0001-01-01T00:00:00Z', 'раньше начала попытки'],
    ['an hour before the attempt', new Date(startedAt - 3_600_000).toISOString(), 'раньше начала попытки'],
    ['year 9999', '9999-12-31T23:59:59Z', 'в будущем'],
    ['an hour ahead', new Date(Date.now() + 3_600_000).toISOString(), 'в будущем'],
  ] as const;
const notDates = ['yesterday', '2026-13-45T25:61:00Z', '', '1e309', '2026-03-10'];

describe('client times of proctoring telemetry', () => {
  it('refuses a far-past or far-future created_at of an action, alone or in a batch, as student or proctor', async () => {
    const before = await stored();
    for (const [what, time, why] of refusedTimes()) {
      for (const token of [student, proctor]) {
        const fields = token === proctor ? { action_type: 'proctor_message' } : {};
        const alone = await call('POST', '/api/assignment/actions', token, { ...action(time), ...fields });
        expect(alone.status, what).toBe(422);
        expect((alone.body.errors as Record<string, string[]>).created_at?.[0], what).toContain(why);
      }
      const batch = await call('POST', '/api/assignment/actions/batch', student, {
        actions: [action(new Date().toISOString()), action(time)],
      });
      expect(batch.status, what).toBe(422);
      expect(Object.keys(batch.body.errors as object), what).toEqual(['actions.1.created_at']);
    }
    expect(await stored()).toBe(before);
  });

  it('refuses a created_at that is not a date and time', async () => {
    for (const time of notDates) {
      const answer = await call('POST', '/api/assignment/actions', student, action(time));
      expect(answer.status, time).toBe(422);
      expect(Object.keys(answer.body.errors as object), time).toContain('created_at');
    }
  });

  it('refuses the same times for an activity', async () => {
    for (const [what, time] of [
      ...refusedTimes().map(([w, t]) => [w, t] as const),
      ['not a date', 'yesterday'] as const,
    ]) {
      const answer = await call('POST', '/api/assignment/activities', student, {
        assignment_id: assignment,
        assignment_attempt_id: attempt,
        activity_type: 'page_view',
        created_at: time,
      });
      expect(answer.status, what).toBe(422);
      expect(Object.keys(answer.body.errors as object), what).toContain('created_at');
    }
  });

  it('refuses them on the socket too', async () => {
    const { client } = await TestClient.connect(env.url, student);
    try {
      for (const [what, time] of refusedTimes()) {
        const ref = `t-${what}`;
        client.send({ event: 'proctoring.actions', ref, actions: [action(time)] });
        const answer = (await client.next(
          (m) => (m.event === 'proctoring.ack' || m.event === 'proctoring.error') && m.ref === ref,
          `answer to ${ref}`,
        )) as Extract<ServerMessage, { event: 'proctoring.error' }>;
        expect(answer.event, what).toBe('proctoring.error');
        expect(Object.keys(answer.errors), what).toEqual(['actions.0.created_at']);
      }
    } finally {
      client.close();
    }
  });

  it('takes times within the skew: a minute before the attempt began, now, a minute ahead', async () => {
    const before = await stored();
    for (const time of [startedAt - 60_000, Date.now(), Date.now() + 60_000]) {
      const answer = await call(
        'POST',
        '/api/assignment/actions',
        student,
        action(new Date(time).toISOString()),
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    }
    expect(await stored()).toBe(before + 3);
  });
});
