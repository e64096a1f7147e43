import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webinarChatId } from '../../../services/src/contexts/chat/ids';
import { PEOPLE_TABLE } from '../../../services/src/contexts/people/directory/table';
import { notificationStream } from '../../../services/src/contexts/notifications/ids';
import { TestClient } from '../realtime/client';
import { tokenFor } from '../records/records-app';
import { caller } from '../schools/contexts-app';
import { startChatApp, type ChatApp } from './chat-app';

/**
 * Personal messages reach a reader without a connected socket as a notification (and a reader with one
 * gets none); a webinar's chat follows the webinar's people. Tokens: `student@school-a#3` is
 * `student-school-a-3`.
 */
let env: ChatApp;
const call = caller(() => env.app);
const T1 = 'teacher-school-a-1';
const teacher = tokenFor('teacher', 'school-a');
const S = (n: number) => `student-school-a-${n}`;
const student = (n: number) => tokenFor('student', 'school-a', n);
const classA = `cl-${randomUUID()}`;
const classB = `cl-${randomUUID()}`;

const klass = (id: string, students: string[]) => ({
  id,
  type: 'group',
  image: null,
  color: null,
  name: `Класс ${id.slice(3, 8)}`,
  description: null,
  chat_id: null,
  teachers: [T1],
  students,
  settings: {},
});
async function plant(stream: string, type: string, data: object) {
  await env.store.append(
    stream,
    [{ id: randomUUID(), type, data, metadata: { schoolId: 'school-a', userId: T1 } }],
    { expectedVersion: 'any' },
  );
}
const post = async (token: string, body: Record<string, unknown>) => {
  const answer = await call('POST', '/api/chat-messages', token, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.entity as { id: string };
};
/** The chat-message notifications made for a user, read from their notification stream. */
async function chatNotices(userId: string) {
  const events = await env.store.readStream(notificationStream(userId));
  return events
    .filter((e) => e.type === 'NotificationCreated')
    .map((e) => e.data as { type: string; parameters: Record<string, unknown> })
    .filter((d) => d.type === 'chat_message');
}

beforeAll(async () => {
  env = await startChatApp();
  // Personal chats are between people of the directory.
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
    .values([person(T1, 'Анна'), person(S(1), 'Дина'), person('proctor-school-a-1', 'Ерлан')])
    .execute();
  await plant(`class-${classA}`, 'ClassCreated', klass(classA, [S(1), S(2)]));
  await plant(`class-${classB}`, 'ClassCreated', klass(classB, [S(3)]));
  await env.caughtUp();
});
afterAll(async () => {
  await env?.close();
});

describe('personal messages to offline readers', () => {
  it('notify a reader without a socket, not one with a socket, and never for a group message', async () => {
    const opened = await call('POST', '/api/chats', teacher, { type: 'personal', user_id: S(1) });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const personal = opened.body.entity!.id as string;

    // S(1) has no socket: the personal message becomes a notification with its chat and text.
    const missed = await post(teacher, { chat_id: personal, message: 'Зайдите после урока' });
    await env.caughtUp();
    const first = await chatNotices(S(1));
    expect(first).toHaveLength(1);
    expect(first[0]!.parameters).toMatchObject({
      chat_id: personal,
      message_id: missed.id,
      author_id: T1,
      message: 'Зайдите после урока',
    });
    // It is in their notifications list too.
    const listed = await call('GET', '/api/notifications?limit=100', student(1));
    const items = (listed.body.entities as { data: { type: string }[] }).data;
    expect(items.filter((n) => n.type === 'chat_message')).toHaveLength(1);

    // A personal line inside the class chat to S(2), offline: notified as well.
    const classChat = (await call('GET', `/api/classes/${classA}/chat.json`, teacher)).body.entity!
      .id as string;
    const line = await post(teacher, { chat_id: classChat, message: 'Лично', recipient_id: S(2) });
    // A group message to everyone is no personal message: no notification for offline S(1) or S(2).
    await post(teacher, { chat_id: classChat, message: 'Всем' });
    await env.caughtUp();
    expect((await chatNotices(S(2))).map((n) => n.parameters.message_id)).toEqual([line.id]);
    expect(await chatNotices(S(1))).toHaveLength(1);

    // Once S(1) is connected, a personal message reaches the socket and makes no notification.
    const online = await TestClient.connect(env.url, student(1));
    try {
      const seen = await call('GET', `/api/chats/${personal}`, teacher);
      const people = seen.body.entity!.participants as { id: string; is_online: boolean }[];
      expect(people.find((p) => p.id === S(1))?.is_online).toBe(true);
      await post(teacher, { chat_id: personal, message: 'Вы на связи' });
      await env.caughtUp();
      expect(await chatNotices(S(1))).toHaveLength(1);
    } finally {
      online.client.close();
    }
    // Its author is never told of their own message.
    expect(await chatNotices(T1)).toHaveLength(0);
  });
});

describe('a webinar’s chat', () => {
  it('has the webinar’s people, follows its class, and closes with the webinar', async () => {
    const made = await call('POST', '/api/webinars', teacher, {
      name: 'Разбор задач',
      class_id: classA,
      participants: [S(7)],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const webinarId = made.body.entity!.id as string;
    await env.caughtUp();

    const seen = await call('GET', `/api/webinars/${webinarId}/chat.json`, student(7));
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    const entity = seen.body.entity as {
      id: string;
      subject: string;
      type: string;
      name: string;
      participants: { id: string; is_moderator: boolean }[];
    };
    expect(entity).toMatchObject({ id: webinarChatId(webinarId), type: 'group', subject: 'webinar' });
    expect(entity.name).toBe('Разбор задач');
    expect(entity.participants.map((p) => p.id).sort()).toEqual([S(1), S(2), S(7), T1].sort());
    expect(entity.participants.find((p) => p.id === T1)?.is_moderator).toBe(true);
    // It is in the participants' group list.
    const list = await call('GET', '/api/chats?type=group', student(7));
    expect((list.body.entities as { data: { id: string }[] }).data.map((c) => c.id)).toContain(entity.id);

    // Another class's student and another school's teacher: as if it did not exist.
    for (const outsider of [student(3), tokenFor('teacher', 'school-b')]) {
      expect((await call('GET', `/api/webinars/${webinarId}/chat.json`, outsider)).status).toBe(404);
      const refused = await call('POST', '/api/chat-messages', outsider, {
        chat_id: entity.id,
        message: 'x',
      });
      expect(refused.status).toBe(404);
    }
    await post(student(7), { chat_id: entity.id, message: 'Слышно?' });

    // The class changes: its newcomer joins the webinar's chat, the one who left is out of it.
    await plant(`class-${classA}`, 'ClassUpdated', { id: classA, changes: { students: [S(1), S(5)] } });
    await env.caughtUp();
    const grown = await call('GET', `/api/chats/${entity.id}`, student(5));
    expect(grown.status, JSON.stringify(grown.body)).toBe(200);
    expect((await call('GET', `/api/chats/${entity.id}`, student(2))).status).toBe(404);

    // Deleting the webinar closes its chat for everyone.
    expect((await call('DELETE', `/api/webinars/${webinarId}`, teacher)).status).toBe(204);
    await env.caughtUp();
    expect((await call('GET', `/api/chats/${entity.id}`, student(7))).status).toBe(404);
  });
});

describe('a proctor and a student during an exam', () => {
  it('talk through their personal chat, which nobody else sees', async () => {
    const proctor = tokenFor('proctor', 'school-a');
    const opened = await call('POST', '/api/chats', proctor, { type: 'personal', user_id: S(1) });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const id = opened.body.entity!.id as string;
    const said = await post(proctor, { chat_id: id, message: 'Повернитесь к камере' });
    // The student finds the same chat, and the message in it; the answer goes back the same way.
    const theirs = await call('POST', '/api/chats', student(1), {
      type: 'personal',
      user_id: 'proctor-school-a-1',
    });
    expect(theirs.body.entity).toMatchObject({ id, name: 'Тестова Ерлан' });
    const page = await call('GET', `/api/chat-messages?chat_id=${id}`, student(1));
    const data = (page.body.entities as { data: { id: string; message: string }[] }).data;
    expect(data.map((m) => m.id)).toContain(said.id);
    await post(student(1), { chat_id: id, message: 'Хорошо' });
    // Another student and the class's teacher: as if it did not exist.
    for (const outsider of [student(2), teacher])
      expect((await call('GET', `/api/chat-messages?chat_id=${id}`, outsider)).status).toBe(404);
  });
});
