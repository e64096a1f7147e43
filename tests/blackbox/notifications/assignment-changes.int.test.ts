import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignmentsContext } from '../../../services/src/contexts/assignments';
import { authoringContext } from '../../../services/src/contexts/authoring';
import { identityContext } from '../../../services/src/contexts/identity';
import { notificationsContext } from '../../../services/src/contexts/notifications';
import { notificationStream } from '../../../services/src/contexts/notifications/ids';
import {
  NOTIFYING_PROCESS,
  notifyingProcess,
} from '../../../services/src/contexts/notifications/process-manager';
import type { ReadModelTx } from '../../../services/src/platform/read-models/database';
import { waitForProjections } from '../../../services/src/platform/projections/wait-for-projection';
import { tokenFor } from '../records/records-app';
import { caller, startContextsApp, type ContextsApp } from '../schools/contexts-app';

/**
 * A teacher's change to the whole assignment reaches its students as stored notifications, driven
 * through the HTTP API: class 7 А has students 1, 2 and 3, class 7 Б student 4; the assignment is
 * given to 7 А; student 3 is taken off it before anything happens. Suspend, resume, finish and a new
 * start time each make exactly one notification for students 1 and 2, none for 3 or 4; an edit of the
 * description makes none; a replay of the log makes none twice.
 */
let env: ContextsApp;
const call = caller(() => env.app);
const S = (n: number) => `student-school-a-${n}`;
const student = (n: number) => tokenFor('student', 'school-a', n);
const teacher = tokenFor('teacher', 'school-a');
const outsider = tokenFor('teacher', 'school-b');

type Notification = { id: string; type: string; parameters: Record<string, unknown> };
async function inbox(n: number): Promise<Notification[]> {
  const answer = await call('GET', '/api/notifications?limit=100', student(n));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.entities as { data: Notification[] }).data;
}
const kinds = async (n: number) => (await inbox(n)).map((i) => i.type).sort();

async function settled() {
  await env.caughtUp();
  await waitForProjections(env.db, [NOTIFYING_PROCESS], await env.store.headPosition());
}

async function ok(method: string, url: string, payload?: unknown, status = 200) {
  const answer = await call(method, url, teacher, payload);
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body as { entity: { id: string } & Record<string, unknown> };
}

let assignmentId: string;
const START = '2030-03-02T08:00:00.000Z';

beforeAll(async () => {
  env = await startContextsApp([authoringContext, assignmentsContext, notificationsContext], {
    background: [identityContext],
  });
  const classA = (await ok('POST', '/api/classes', { name: '7 А', students: [S(1), S(2), S(3)] }, 201))
    .entity;
  await ok('POST', '/api/classes', { name: '7 Б', students: [S(4)] }, 201);
  assignmentId = (
    await ok(
      'POST',
      '/api/assignments',
      {
        type: 'external',
        name: 'Эссе',
        external_url: 'https://forms.example.org/essay',
        class_id: classA.id,
      },
      201,
    )
  ).entity.id;
  // Student 3 leaves the assignment before the teacher does anything to it.
  await ok('PUT', `/api/assignments/${assignmentId}`, { students: [S(1), S(2)] });
  await settled();
});
afterAll(async () => {
  await env?.close();
});

describe("a teacher's change to the whole assignment", () => {
  it('another school cannot suspend it, and nobody hears of the refusal', async () => {
    expect((await call('POST', `/api/assignments/${assignmentId}/suspend.json`, outsider)).status).toBe(404);
    expect((await call('POST', `/api/assignments/${assignmentId}/suspend.json`, student(1))).status).toBe(
      403,
    );
    await settled();
    expect(await kinds(1)).toEqual(['assignment_given']);
  });

  it('suspend, resume and finish each tell every student of the assignment once, linked to it', async () => {
    await ok('POST', `/api/assignments/${assignmentId}/suspend.json`);
    await ok('POST', `/api/assignments/${assignmentId}/resume.json`);
    // A second resume of a running assignment decides nothing, so it tells nobody again.
    await call('POST', `/api/assignments/${assignmentId}/resume.json`, teacher);
    await settled();
    for (const n of [1, 2]) {
      expect(await kinds(n)).toEqual(['assignment_given', 'assignment_resumed', 'assignment_suspended']);
      const suspended = (await inbox(n)).find((i) => i.type === 'assignment_suspended')!;
      expect(suspended.parameters).toMatchObject({ assignment_id: assignmentId, assignment_name: 'Эссе' });
    }
  });

  it('a new start time tells them with the new time; an edit of anything else tells nobody', async () => {
    await ok('PUT', `/api/assignments/${assignmentId}`, { description: 'Не больше страницы' });
    await ok('PUT', `/api/assignments/${assignmentId}`, { starting_at: START, starting_at_type: 'date' });
    await settled();
    for (const n of [1, 2]) {
      // Two hops (the change, then the notification the process manager appends): waited for, not raced.
      const rescheduled = async () => (await inbox(n)).filter((i) => i.type === 'assignment_rescheduled');
      await expect.poll(async () => (await rescheduled()).length, { timeout: 10_000 }).toBe(1);
      const moved = await rescheduled();
      expect(moved).toHaveLength(1);
      expect(moved[0]!.parameters.starting_at).toBe(START);
    }
  });

  it('finishing tells them once more; the student taken off and the other class hear nothing', async () => {
    await ok('POST', `/api/assignments/${assignmentId}/finish.json`);
    await settled();
    for (const n of [1, 2])
      expect(await kinds(n)).toEqual([
        'assignment_finished',
        'assignment_given',
        'assignment_rescheduled',
        'assignment_resumed',
        'assignment_suspended',
      ]);
    // Student 3 heard of the assignment when it was given to the class, and of nothing after leaving it.
    expect(await kinds(3)).toEqual(['assignment_given']);
    expect(await kinds(4)).toEqual([]);
  });

  it('a replay of the whole log, twice, appends no notification a second time', async () => {
    const count = async () =>
      Promise.all(
        [1, 2, 3, 4].map(async (n) => (await env.store.readStream(notificationStream(S(n)))).length),
      );
    // Student 3 comes back afterwards: the replay must not tell them of what happened while away.
    await ok('PUT', `/api/assignments/${assignmentId}`, { students: [S(1), S(2), S(3)] });
    await settled();
    const before = await count();
    const process = notifyingProcess(env.services);
    const sources = (await env.store.readAll({})).filter((e) => process.handles.includes(e.type));
    expect(sources.map((e) => e.type)).toEqual(
      expect.arrayContaining(['AssignmentSuspended', 'AssignmentFinished']),
    );
    await process.apply(undefined as unknown as ReadModelTx, sources);
    await process.apply(undefined as unknown as ReadModelTx, sources);
    await settled();
    expect(await count()).toEqual(before);
    expect(before).toEqual([5, 5, 1, 0]);
  });
});
