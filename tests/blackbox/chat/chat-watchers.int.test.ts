import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEOPLE_TABLE } from '../../../services/src/contexts/people/directory/table';
import { tokenFor } from '../records/records-app';
import { caller } from '../schools/contexts-app';
import { startChatApp, type ChatApp } from './chat-app';

/**
 * `GET /api/chats/watchers.json`: a student's personal chats with the people who watch exams (a
 * proctored exam's focus mode shows only these), and not those with another student. Tokens:
 * `student@school-a#3` is `student-school-a-3`.
 */
let env: ChatApp;
const call = caller(() => env.app);
const S = (n: number) => `student-school-a-${n}`;
const student = (n: number) => tokenFor('student', 'school-a', n);
const P1 = 'proctor-school-a-1';
const T1 = 'teacher-school-a-1';

beforeAll(async () => {
  env = await startChatApp();
  const person = (id: string, firstname: string) => ({
    id,
    school_id: 'school-a',
    position: 1,
    created_at: new Date(),
    updated_at: new Date(),
    register_date: new Date(),
    group: id.split('-')[0]!,
    username: id,
    firstname,
    lastname: 'Тестова',
  });
  await env.db
    .insertInto(PEOPLE_TABLE)
    .values([person(T1, 'Анна'), person(S(1), 'Дина'), person(S(2), 'Жанар'), person(P1, 'Ерлан')])
    .execute();
});
afterAll(async () => {
  await env?.close();
});

describe("a student's chats with exam watchers", () => {
  it('lists the personal chats with a proctor and a teacher, not with another student', async () => {
    const open = async (token: string, userId: string) => {
      const answer = await call('POST', '/api/chats', token, { type: 'personal', user_id: userId });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body.entity!.id as string;
    };
    const withProctor = await open(tokenFor('proctor', 'school-a'), S(1));
    const withTeacher = await open(student(1), T1);
    const withStudent = await open(student(1), S(2));
    await env.caughtUp();
    const listed = async (token: string) => {
      const answer = await call('GET', '/api/chats/watchers.json', token);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.entities as unknown as { chat_id: string; user_id: string }[];
    };
    const mine = await listed(student(1));
    expect(mine).toHaveLength(2);
    expect(mine).toEqual(
      expect.arrayContaining([
        { chat_id: withProctor, user_id: P1 },
        { chat_id: withTeacher, user_id: T1 },
      ]),
    );
    expect(mine.map((c) => c.chat_id)).not.toContain(withStudent);
    // The other student has no watcher's chat; an unsigned caller is refused.
    expect(await listed(student(2))).toEqual([]);
    expect((await call('GET', '/api/chats/watchers.json', null)).status).toBe(401);
  });
});
