import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignmentRecord } from '../../../services/src/contexts/assignments/test-fixtures';
import { identityContext } from '../../../services/src/contexts/identity';
import { notificationsContext } from '../../../services/src/contexts/notifications';
import { notificationStream } from '../../../services/src/contexts/notifications/ids';
import {
  NOTIFYING_PROCESS,
  notifyingProcess,
} from '../../../services/src/contexts/notifications/process-manager';
import { notificationsRealtime } from '../../../services/src/contexts/notifications/realtime';
import type { ReadModelTx } from '../../../services/src/platform/read-models/database';
import { waitForProjections } from '../../../services/src/platform/projections/wait-for-projection';
import { tokenFor } from '../records/records-app';
import { caller, startContextsApp, type ContextsApp } from '../schools/contexts-app';

/**
 * Notifications end to end over a real PostgreSQL: each source event (an assignment given to a class,
 * a finished attempt's score, a review, a certificate, a proctor's message and warning, a finished task, a student
 * registered with an invite code) makes exactly one notification for each of the right people; a
 * replay of the whole log makes none twice; a user reads and marks only their own. Tokens are the
 * record API's test tokens: `student@school-a#2` is the user `student-school-a-2`.
 */
let env: ContextsApp;
const call = caller(() => env.app);
const S = (n: number) => `student-school-a-${n}`;
const student = (n: number) => tokenFor('student', 'school-a', n);
const teacher = tokenFor('teacher', 'school-a');
const T = 'teacher-school-a-1';
const NOW = new Date().toISOString();

async function plant(stream: string, type: string, data: object, schoolId = 'school-a') {
  const id = randomUUID();
  await env.store.append(stream, [{ id, type, data, metadata: { schoolId } }], { expectedVersion: 'any' });
  return id;
}

async function settled() {
  await waitForProjections(env.db, [NOTIFYING_PROCESS], await env.store.headPosition());
  await env.caughtUp();
}

type Notification = { id: string; type: string; parameters: Record<string, unknown>; is_read: boolean };
async function inbox(token: string, query = '') {
  const answer = await call('GET', `/api/notifications?limit=100${query}`, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const entities = answer.body.entities as { data: Notification[]; total: number };
  return { items: entities.data, total: entities.total, unread: answer.body.unread as number };
}

async function createdIn(userId: string) {
  const events = await env.store.readStream(notificationStream(userId));
  return events.filter((e) => e.type === 'NotificationCreated');
}

const assignmentId = `as-${randomUUID()}`;
const classId = `cl-${randomUUID()}`;
const inviteId = `inv-${randomUUID()}`;
const taskId = `task-${randomUUID()}`;

beforeAll(async () => {
  env = await startContextsApp([notificationsContext], { background: [identityContext] });
  // 1. An assignment given to a class of two students, which shows scores after finishing.
  await plant(
    `assignment-${assignmentId}`,
    'AssignmentCreated',
    assignmentRecord({
      id: assignmentId,
      name: 'Дроби',
      class_id: classId,
      students: [S(1), S(2)],
      is_show_scores: true,
    }),
  );
  // 2. Student 1's attempt: scored while it runs (nobody is told), finished (told, with the score),
  // then reviewed (told).
  const work = `participation-${assignmentId}_${S(1)}`;
  const ours = { assignment_id: assignmentId, student_id: S(1) };
  const attemptId = randomUUID();
  await plant(work, 'AssignmentAttemptStarted', {
    ...ours,
    attempt_id: attemptId,
    number: 1,
    started_at: NOW,
    ends_at: null,
    variant: null,
    components: null,
    option_orders: {},
    max_points: null,
  });
  await plant(work, 'AssignmentScoreCalculated', {
    ...ours,
    score_id: randomUUID(),
    score: 7,
    attempts: [{ attempt_id: attemptId, points: 7 }],
  });
  await plant(work, 'AssignmentAttemptFinished', {
    ...ours,
    attempt_id: attemptId,
    finished_at: NOW,
    reason: 'student',
  });
  await plant(work, 'AssignmentReviewerScoreCalculated', {
    ...ours,
    reviewer_score_id: randomUUID(),
    reviewer_id: T,
    score: 8,
  });
  // 3. A certificate issued to student 2.
  await plant(`certificate-${randomUUID()}`, 'UserCertificateIssued', {
    id: randomUUID(),
    certificate_id: randomUUID(),
    user_id: S(2),
    assignment_id: assignmentId,
    school_id: 'school-a',
    number: 1,
    certificate_number: 'KZ-000001',
    name: 'Сертификат',
    placeholders: {},
    meta: {},
    issued_at: NOW,
    issued_by: null,
  });
  // 4. What a proctor did to student 1 (a message, a warning, a suspension, a resume, a stop), and a
  // violation (which notifies nobody).
  const attempt = randomUUID();
  for (const [actionType, description] of [
    ['proctor_message', 'Поправьте камеру'],
    ['proctor_warning', 'Смотрите в экран'],
    ['exam_suspended', null],
    ['exam_resumed', null],
    ['exam_stopped', 'Списывание'],
    ['many_faces', null],
  ] as const) {
    await plant(`proctoring-${attempt}`, 'ProctoringActionRecorded', {
      assignmentId,
      attemptId: attempt,
      studentId: S(1),
      actionType,
      description,
      source: actionType === 'many_faces' ? 'client' : 'proctor',
    });
  }
  // 5. The teacher's export task finished.
  await plant(`task-${taskId}`, 'TaskCreated', {
    id: taskId,
    owner_id: T,
    school_id: 'school-a',
    kind: 'results-export',
    name: 'Экспорт результатов',
    description: null,
    params: { assignment_id: assignmentId, format: 'csv' },
    created_at: NOW,
  });
  await plant(`task-${taskId}`, 'TaskCompleted', {
    id: taskId,
    at: NOW,
    processed: 2,
    file: { key: 'exports/x.csv', file_name: 'x.csv', content_type: 'text/csv', size: 10 },
  });
  // 6. A class with its teacher, an invite code for it, and a student registered with the code.
  await plant(`class-${classId}`, 'ClassCreated', {
    id: classId,
    type: 'group',
    image: null,
    color: null,
    name: '7 А',
    description: null,
    chat_id: null,
    teachers: [T],
    students: [S(1), S(2)],
    settings: {},
  });
  await plant(`invite-${inviteId}`, 'InviteCodeCreated', {
    id: inviteId,
    code: 'K7PM-W3QX',
    school_id: 'school-a',
    owner_id: 'manager-school-a-1',
    name: 'Набор 7 А',
    classgroups: [classId],
  });
  await plant(`invite-${inviteId}`, 'InviteCodeUsed', {
    inviteCodeId: inviteId,
    userId: S(3),
    purpose: 'register',
    contacts: [],
    usedAt: NOW,
  });
  await settled();
});

afterAll(async () => {
  await env?.close();
});

describe('notifications from each source', () => {
  it('tells each student of the class about the assignment, once', async () => {
    for (const n of [1, 2]) {
      const given = (await inbox(student(n))).items.filter((i) => i.type === 'assignment_given');
      expect(given).toHaveLength(1);
      expect(given[0]!.parameters).toMatchObject({ assignment_id: assignmentId, assignment_name: 'Дроби' });
    }
    expect((await inbox(student(3))).items.filter((i) => i.type === 'assignment_given')).toHaveLength(0);
  });

  it('tells the student their score once the attempt is over, and their review, with the assignment named', async () => {
    const items = (await inbox(student(1))).items;
    expect(items.filter((i) => i.type === 'result_scored')).toEqual([
      expect.objectContaining({
        parameters: expect.objectContaining({
          score: 7,
          assignment_name: 'Дроби',
          assignment_attempt_id: expect.any(String),
        }),
      }),
    ]);
    expect(items.filter((i) => i.type === 'result_reviewed')).toEqual([
      expect.objectContaining({ parameters: expect.objectContaining({ score: 8 }) }),
    ]);
    expect((await inbox(student(2))).items.some((i) => i.type.startsWith('result_'))).toBe(false);
  });

  it('tells the holder of a new certificate', async () => {
    const items = (await inbox(student(2))).items.filter((i) => i.type === 'certificate_issued');
    expect(items).toHaveLength(1);
    expect(items[0]!.parameters).toMatchObject({ certificate_number: 'KZ-000001' });
  });

  it("passes what a proctor did to the student, not the detector's violations", async () => {
    const items = (await inbox(student(1))).items.filter(
      (i) => i.type.startsWith('proctor_') || i.type.startsWith('exam_'),
    );
    expect(items.map((i) => [i.type, i.parameters.message]).sort()).toEqual([
      ['exam_resumed', null],
      ['exam_stopped', 'Списывание'],
      ['exam_suspended', null],
      ['proctor_message', 'Поправьте камеру'],
      ['proctor_warning', 'Смотрите в экран'],
    ]);
  });

  it("tells the task's owner it finished, and the class teacher who registered with the invite", async () => {
    const items = (await inbox(teacher)).items;
    expect(items.filter((i) => i.type === 'task_finished')).toEqual([
      expect.objectContaining({
        parameters: expect.objectContaining({ task_id: taskId, status: 'completed' }),
      }),
    ]);
    expect(items.filter((i) => i.type === 'student_registered')).toEqual([
      expect.objectContaining({
        parameters: expect.objectContaining({ student_id: S(3), class_id: classId }),
      }),
    ]);
    // The invite's owner is not told when the invite's class has a teacher.
    expect((await inbox(tokenFor('manager', 'school-a'))).total).toBe(0);
  });

  it('counts exactly: 8 for student 1 (given, scored, reviewed, message, warning, suspended, resumed, stopped), 2 for student 2, 2 for the teacher', async () => {
    expect((await inbox(student(1))).total).toBe(8);
    expect((await inbox(student(2))).total).toBe(2);
    expect((await inbox(teacher)).total).toBe(2);
  });

  it('pushes each new notification on its recipient’s own channel with type and parameters', async () => {
    const [event] = await createdIn(S(2));
    const pushes = await notificationsRealtime().pushes![0]!.map(event!);
    expect(pushes).toEqual([
      expect.objectContaining({
        channel: `user.${S(2)}`,
        event: 'NotificationCreated',
        data: { notification: expect.objectContaining({ id: event!.id, type: expect.any(String) }) },
      }),
    ]);
  });
});

describe('replays', () => {
  it('a replay of the whole log appends no notification twice', async () => {
    const before = await Promise.all([S(1), S(2), T].map(async (u) => (await createdIn(u)).length));
    const everything = await env.store.readAll({});
    const process = notifyingProcess(env.services);
    const sources = everything.filter((e) => process.handles.includes(e.type));
    expect(sources.length).toBeGreaterThan(8);
    await process.apply(undefined as unknown as ReadModelTx, sources);
    await process.apply(undefined as unknown as ReadModelTx, sources);
    await settled();
    const after = await Promise.all([S(1), S(2), T].map(async (u) => (await createdIn(u)).length));
    expect(after).toEqual(before);
    expect((await inbox(student(1))).total).toBe(8);
  });
});

describe('reading and marking', () => {
  it('lists unread first, marks one read, and all read', async () => {
    const first = await inbox(student(1));
    expect(first.unread).toBe(8);
    const target = first.items[2]!;
    const marked = await call('PUT', `/api/notifications/${target.id}`, student(1), { is_read: true });
    expect(marked.status).toBe(200);
    expect(marked.body.entity).toMatchObject({ id: target.id, is_read: true });
    const after = await inbox(student(1));
    expect(after.unread).toBe(7);
    // Unread first: the read one is now last.
    expect(after.items.at(-1)!.id).toBe(target.id);
    const byDate = await inbox(student(1), '&orderBy=created_at&sortedBy=asc');
    expect(byDate.items.map((i) => i.id)).toHaveLength(8);
    const all = await call('POST', '/api/notifications/read-all.json', student(1));
    expect(all.status).toBe(200);
    expect(all.body.unread).toBe(0);
    expect((await inbox(student(1))).items.every((i) => i.is_read)).toBe(true);
    // Student 2's are untouched by student 1's "read all".
    expect((await inbox(student(2))).unread).toBe(2);
  });

  it("another user's notification cannot be read or marked: 404, as if absent", async () => {
    const theirs = (await inbox(student(2))).items[0]!;
    for (const token of [student(1), teacher, tokenFor('student', 'school-b', 2)]) {
      expect((await call('GET', `/api/notifications/${theirs.id}`, token)).status).toBe(404);
      const put = await call('PUT', `/api/notifications/${theirs.id}`, token, { is_read: true });
      expect(put.status).toBe(404);
      expect(put.body).toMatchObject({ status_code: 404 });
    }
    expect((await call('GET', `/api/notifications/${theirs.id}`, student(2))).body.entity).toMatchObject({
      is_read: false,
    });
    expect((await call('GET', '/api/notifications', null)).status).toBe(401);
  });

  it('refuses a malformed mark in the error shape', async () => {
    const mine = (await inbox(student(2))).items[0]!;
    const bad = await call('PUT', `/api/notifications/${mine.id}`, student(2), { is_read: 'yes' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('is_read');
    expect((await call('GET', '/api/notifications?limit=1000', student(2))).status).toBe(422);
  });
});
