import { beforeAll, describe, expect, it } from 'vitest';
import { webinarChatId } from '../../../services/src/contexts/chat/ids';
import { notificationStream } from '../../../services/src/contexts/notifications/ids';
import { TestClient } from '../realtime/client';
import { tokenFor } from '../records/records-app';
import { chatScene } from './chat-scene';

/**
 * Personal messages reach a reader without a connected socket as a notification (and a reader with one
 * gets none); a webinar's chat follows the webinar's people.
 */
const scene = chatScene();
const { call, plant, posted: post, T1, S, teacher, student } = scene;
const classA = scene.newClassId();
const classB = scene.newClassId();

/** The chat-message notifications made for a user, read from their notification stream. */
async function chatNotices(userId: string) {
  const events = await scene.current().store.readStream(notificationStream(userId));
  return events
    .filter((e) => e.type === 'NotificationCreated')
    .map((e) => e.data as { type: string; parameters: Record<string, unknown> })
    .filter((d) => d.type === 'chat_message');
}

beforeAll(async () => {
  // Personal chats are between people of the directory.
  await scene.addPeople([T1, 'Анна'], [S(1), 'Дина'], [scene.P1, 'Ерлан']);
  await scene.plantClass(classA, [S(1), S(2)]);
  await scene.plantClass(classB, [S(3)]);
  await scene.caughtUp();
});

describe('personal messages to offline readers', () => {
  it('notify a reader without a socket, not one with a socket, and never for a group message', async () => {
    const opened = await call('POST', '/api/chats', teacher, { type: 'personal', user_id: S(1) });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const personal = opened.body.entity!.id as string;

    // S(1) has no socket: the personal message becomes a notification with its chat and text.
    const missed = await post(teacher, { chat_id: personal, message: 'Зайдите после урока' });
    await scene.caughtUp();
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
    await scene.caughtUp();
    expect((await chatNotices(S(2))).map((n) => n.parameters.message_id)).toEqual([line.id]);
    expect(await chatNotices(S(1))).toHaveLength(1);

    // Once S(1) is connected, a personal message reaches the socket and makes no notification.
    const online = await TestClient.connect(scene.current().url, student(1));
    try {
      const seen = await call('GET', `/api/chats/${personal}`, teacher);
      const people = seen.body.entity!.participants as { id: string; is_online: boolean }[];
      expect(people.find((p) => p.id === S(1))?.is_online).toBe(true);
      await post(teacher, { chat_id: personal, message: 'Вы на связи' });
      await scene.caughtUp();
      expect(await chatNotices(S(1))).toHaveLength(1);
    } finally {
      online.client.close();
    }
    // Its author is never told of their own message.
    expect(await chatNotices(T1)).toHaveLength(0);
  });
});

describe('the participants', () => {
  it('say when each was last active (001 §7), as the sign-ins left it; never active is null', async () => {
    const lastActive = new Date('2026-11-20T09:15:00.000Z');
    await scene
      .current()
      .db.insertInto('users')
      .values({
        id: S(2),
        school_id: 'school-a',
        group: 'student',
        firstname: 'Бекзат',
        lastname: 'Тестов',
        username: S(2),
        register_date: new Date('2026-09-01T00:00:00.000Z'),
        last_activity_date: lastActive,
      })
      .execute();
    const seen = await call('GET', `/api/classes/${classA}/chat.json`, student(1));
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    const people = seen.body.entity!.participants as { id: string; last_activity_date: string | null }[];
    expect(people.find((p) => p.id === S(2))?.last_activity_date).toBe(lastActive.toISOString());
    expect(people.find((p) => p.id === T1)).toMatchObject({ last_activity_date: null });
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
    // The webinar names its chat (001 §7 "Webinar": chat_id).
    expect(made.body.entity).toMatchObject({ chat_id: webinarChatId(webinarId) });
    await scene.caughtUp();

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
    await scene.caughtUp();
    const grown = await call('GET', `/api/chats/${entity.id}`, student(5));
    expect(grown.status, JSON.stringify(grown.body)).toBe(200);
    expect((await call('GET', `/api/chats/${entity.id}`, student(2))).status).toBe(404);

    // Deleting the webinar closes its chat for everyone.
    expect((await call('DELETE', `/api/webinars/${webinarId}`, teacher)).status).toBe(204);
    await scene.caughtUp();
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
