import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignmentRecord } from '../../../services/src/contexts/assignments/test-fixtures';
import { tokenFor } from '../records/records-app';
import { chatScene } from './chat-scene';

/**
 * An exam's watchers, as proctoring knows them: the school's proctors (and admins, managers) and the
 * teachers who own or review that assignment. `GET /api/chats/watchers.json?assignment_id=` lists a
 * student's personal chats with them only (the focus mode shows these), and the proctoring grid's
 * 'Написать' (`POST /api/chats` with `assignment_id`) opens the conversation only for one who watches it.
 */
const scene = chatScene();
const { call, T1, P1, S, student, proctor, personalChat } = scene;
const T2 = 'teacher-school-a-2';
const teacher1 = scene.teacher;
const teacher2 = scene.token('teacher', 2);
const examOf1 = `as-${randomUUID()}`;
const examOf2 = `as-${randomUUID()}`;

const listed = async (token: string | null, assignmentId: string) => {
  const answer = await call('GET', `/api/chats/watchers.json?assignment_id=${assignmentId}`, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.entities as unknown as { chat_id: string; user_id: string }[];
};

beforeAll(async () => {
  await scene.addPeople([T1, 'Анна'], [T2, 'Бота'], [S(1), 'Дина'], [S(2), 'Жанар'], [P1, 'Ерлан']);
  for (const [id, owner] of [
    [examOf1, T1],
    [examOf2, T2],
  ] as const) {
    const record = assignmentRecord({ id, name: `Экзамен ${owner}`, is_proctoring: true, students: [S(1)] });
    await scene.plant(`assignment-${id}`, 'AssignmentCreated', record, owner);
  }
  await scene.caughtUp();
});

describe('an exam’s watchers', () => {
  it('are the school’s proctors and the assignment’s own teacher, not another assignment’s', async () => {
    // The proctor and teacher 1 write from exam 1's grid; teacher 2 from exam 2's; a classmate too.
    const withProctor = await personalChat(proctor, S(1), { assignment_id: examOf1 });
    const withTeacher1 = await personalChat(teacher1, S(1), { assignment_id: examOf1 });
    const withTeacher2 = await personalChat(teacher2, S(1), { assignment_id: examOf2 });
    const withStudent = await personalChat(student(1), S(2));
    await scene.caughtUp();

    const inExam1 = await listed(student(1), examOf1);
    expect(inExam1).toHaveLength(2);
    expect(inExam1).toEqual(
      expect.arrayContaining([
        { chat_id: withProctor, user_id: P1 },
        { chat_id: withTeacher1, user_id: T1 },
      ]),
    );
    const inExam2 = await listed(student(1), examOf2);
    expect(inExam2).toHaveLength(2);
    expect(inExam2).toEqual(
      expect.arrayContaining([
        { chat_id: withProctor, user_id: P1 },
        { chat_id: withTeacher2, user_id: T2 },
      ]),
    );
    expect([...inExam1, ...inExam2].map((c) => c.chat_id)).not.toContain(withStudent);
    // The other student has no watcher's chat.
    expect(await listed(student(2), examOf1)).toEqual([]);
  });

  it('open the exam’s conversation only if they watch that exam, and only with its students', async () => {
    const refused = await call('POST', '/api/chats', teacher2, {
      type: 'personal',
      user_id: S(1),
      assignment_id: examOf1,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ status_code: 403 });
    const notTaking = await call('POST', '/api/chats', proctor, {
      type: 'personal',
      user_id: S(2),
      assignment_id: examOf1,
    });
    expect(notTaking.status).toBe(422);
    expect(notTaking.body.errors).toHaveProperty('user_id');
    const elsewhere = await call('POST', '/api/chats', tokenFor('proctor', 'school-b'), {
      type: 'personal',
      user_id: S(1),
      assignment_id: examOf1,
    });
    expect(elsewhere.status).toBe(404);
  });

  it('are asked about an exam of the caller’s school', async () => {
    const missing = await call('GET', '/api/chats/watchers.json', student(1));
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toHaveProperty('assignment_id');
    const otherSchool = await call(
      'GET',
      `/api/chats/watchers.json?assignment_id=${examOf1}`,
      tokenFor('student', 'school-b'),
    );
    expect(otherSchool.status).toBe(404);
    expect(otherSchool.body).toMatchObject({ status_code: 404 });
    expect((await call('GET', `/api/chats/watchers.json?assignment_id=${examOf1}`, null)).status).toBe(401);
  });
});
