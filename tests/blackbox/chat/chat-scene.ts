import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { assignmentRecord } from '../../../services/src/contexts/assignments/test-fixtures';
import { classChatId } from '../../../services/src/contexts/chat/ids';
import { PEOPLE_TABLE } from '../../../services/src/contexts/people/directory/table';
import { TestClient } from '../realtime/client';
import { tokenFor } from '../records/records-app';
import { caller } from '../schools/contexts-app';
import { startChatApp, type ChatApp } from './chat-app';

type Group = Parameters<typeof tokenFor>[0];

export type Message = {
  id: string;
  chat_id: string;
  parent_id: string | null;
  message: string | null;
  user_id: string;
  recipient_id: string | null;
  is_service: boolean;
  is_deleted: boolean;
  edited_at: string | null;
  seq: number;
  media: { id: string; name: string | null } | null;
};
export type Page = {
  data: Message[];
  total: number;
  current_page: number;
  last_page: number;
  per_page: number;
};

/** The user id behind a test token: `student@school-a#3` is `student-school-a-3`. */
export const userOf = (token: string): string => {
  const match = /^([a-z]+)@([a-z0-9-]+)(?:#(\d+))?$/.exec(token);
  if (!match) throw new Error(`not a test token: ${token}`);
  return `${match[1]}-${match[2]}-${match[3] ?? 1}`;
};

/** The id of the message a push carries (undefined for a frame without one). */
export const pushedId = (m: unknown) => (m as { data?: { message?: { id?: string } } }).data?.message?.id;

/**
 * One running chat app for a test file, and what its tests say things with: the school-a people and
 * their tokens, a class planted as its own event, people in the directory (personal chats are between
 * them), posting and paging, and a socket listening to a user's own channel and a chat's channel.
 * The app starts before the file's own `beforeAll` (vitest runs them in the order they were declared).
 */
export function chatScene(options: { followPeople?: boolean } = {}) {
  let env: ChatApp;
  const call = caller(() => env.app);
  const T1 = 'teacher-school-a-1';
  const P1 = 'proctor-school-a-1';
  const teacher = tokenFor('teacher', 'school-a');
  const proctor = tokenFor('proctor', 'school-a');
  const otherSchoolTeacher = tokenFor('teacher', 'school-b');
  const S = (n: number) => `student-school-a-${n}`;
  const student = (n: number) => tokenFor('student', 'school-a', n);
  const token = (group: Group, n = 1) => tokenFor(group, 'school-a', n);

  beforeAll(async () => {
    env = await startChatApp(options);
  }, 120_000);
  afterAll(async () => {
    await env?.close();
  });

  /** Appends one event as a teacher of school-a (T1 unless `by`) would have caused it (another context's fact). */
  async function plant(stream: string, type: string, data: object, by = T1) {
    await env.store.append(
      stream,
      [{ id: randomUUID(), type, data, metadata: { schoolId: 'school-a', userId: by } }],
      { expectedVersion: 'any' },
    );
  }
  const klass = (id: string, students: string[], teachers = [T1]) => ({
    id,
    type: 'group',
    image: null,
    color: null,
    name: `Класс ${id.slice(3, 8)}`,
    description: null,
    chat_id: null,
    teachers,
    students,
    settings: {},
  });
  /** A class of school-a (its chat's people: its teachers and students). */
  async function plantClass(id: string, students: string[], teachers = [T1]): Promise<void> {
    await plant(`class-${id}`, 'ClassCreated', klass(id, students, teachers));
  }
  /** A fresh class id (the chat's id derives from it: classChatId). */
  const newClassId = () => `cl-${randomUUID()}`;
  /** People in the directory: `[id, firstname]`, last name 'Тестова', their group read from the id. */
  async function addPeople(...people: [string, string][]) {
    const school = (id: string) => /-(school-[a-z])-/.exec(id)?.[1] ?? 'school-a';
    await env.db
      .insertInto(PEOPLE_TABLE)
      .values(
        people.map(([id, firstname]) => ({
          id,
          school_id: school(id),
          position: 1,
          created_at: new Date(),
          updated_at: new Date(),
          register_date: new Date(),
          group: id.split('-')[0]!,
          username: id,
          firstname,
          lastname: 'Тестова',
        })),
      )
      .execute();
  }

  const post = (tokenOf: string, body: Record<string, unknown>) =>
    call('POST', '/api/chat-messages', tokenOf, body);
  /** Posts and expects it taken: the message as the API answers it. */
  async function posted(tokenOf: string, body: Record<string, unknown>): Promise<Message> {
    const answer = await post(tokenOf, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.entity as unknown as Message;
  }
  async function page(tokenOf: string, query: string): Promise<Page> {
    const answer = await call('GET', `/api/chat-messages?${query}`, tokenOf);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.entities as unknown as Page;
  }
  /** Opens (or finds) the caller's personal chat with another person; its id. */
  async function personalChat(tokenOf: string, userId: string, extra: object = {}): Promise<string> {
    const answer = await call('POST', '/api/chats', tokenOf, { type: 'personal', user_id: userId, ...extra });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.entity!.id as string;
  }

  /** Connects, listens to the user's own channel, and signs and subscribes to the chat's channel. */
  async function listen(tokenOf: string, chatId: string) {
    const peer = await TestClient.connect(env.url, tokenOf);
    expect(await peer.client.subscribe(`user.${userOf(tokenOf)}`)).toMatchObject({ event: 'subscribed' });
    const channel = `chat.${chatId}`;
    const signed = await call('POST', '/broadcasting/auth', tokenOf, {
      socket_id: peer.socketId,
      channel_name: channel,
    });
    expect(signed.status).toBe(200);
    expect(await peer.client.subscribe(channel, signed.body.auth as string)).toMatchObject({
      event: 'subscribed',
    });
    return peer;
  }
  /** The frames of one event a socket has received about one message. */
  const pushesOf = (peer: { client: TestClient }, event: string, id: string) =>
    peer.client.pushes(event).filter((p) => pushedId(p) === id);
  /** Waits for the frame of one event about one message; the message it carries. */
  const arrives = async (peer: { client: TestClient }, event: string, id: string): Promise<Message> =>
    (
      (await peer.client.next((m) => m.event === event && pushedId(m) === id)) as unknown as {
        data: { message: Message };
      }
    ).data.message;

  return {
    /** The running app, for the tests that read its store or connect to it. */
    current: () => env,
    caughtUp: () => env.caughtUp(),
    call,
    T1,
    P1,
    S,
    teacher,
    proctor,
    student,
    token,
    otherSchoolTeacher,
    plant,
    plantClass,
    newClassId,
    addPeople,
    post,
    posted,
    page,
    personalChat,
    listen,
    pushesOf,
    arrives,
  };
}

/**
 * The class chats of the chat tests: class A (students 1, 2, 4) with its chat, class B (student 3), and an
 * is_chat assignment of class A for student 1, planted before the file's tests.
 */
export function classChats(scene: ReturnType<typeof chatScene>) {
  const { S } = scene;
  const classA = scene.newClassId();
  const classB = scene.newClassId();
  const assignmentId = `as-${randomUUID()}`;
  beforeAll(async () => {
    await scene.plantClass(classA, [S(1), S(2), S(4)]);
    await scene.plantClass(classB, [S(3)]);
    await scene.plant(
      `assignment-${assignmentId}`,
      'AssignmentCreated',
      assignmentRecord({
        id: assignmentId,
        name: 'Обсуждение',
        is_chat: true,
        class_id: classA,
        students: [S(1)],
      }),
    );
    await scene.caughtUp();
  });
  return { classA, classB, assignmentId, chatA: classChatId(classA) };
}
