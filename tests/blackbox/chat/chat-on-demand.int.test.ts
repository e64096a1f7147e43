import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignmentRecord } from '../../../services/src/contexts/assignments/test-fixtures';
import { assignmentChatId, chatStream, classChatId } from '../../../services/src/contexts/chat/ids';
import { chatScene, type Page } from './chat-scene';

/**
 * Classes and is_chat assignments made before the chat existed (here: with the chat's process manager
 * not running, so nothing makes their chats on its own) get their chat on the first ask of
 * `GET /api/classes/{id}/chat.json` and `GET /api/assignments/{id}/chat.json`, made once, with the
 * class's or assignment's people; anybody outside them still gets 404.
 */
const scene = chatScene({ followPeople: false });
const { call, T1, S, teacher, student, otherSchoolTeacher } = scene;
const classOld = scene.newClassId();
const classOther = scene.newClassId();
const withChat = `as-${randomUUID()}`;
const withoutChat = `as-${randomUUID()}`;

/** The chat's own stream: empty until somebody makes the chat. */
const chatEvents = async (chatId: string) => scene.current().store.readStream(chatStream(chatId));

beforeAll(async () => {
  await scene.plantClass(classOld, [S(1), S(2)]);
  await scene.plantClass(classOther, [S(3)]);
  for (const [id, isChat] of [
    [withChat, true],
    [withoutChat, false],
  ] as const)
    await scene.plant(
      `assignment-${id}`,
      'AssignmentCreated',
      assignmentRecord({ id, name: 'Старое задание', is_chat: isChat, class_id: classOld, students: [S(1)] }),
    );
  await scene.caughtUp();
});

describe('an older class’s and assignment’s chat', () => {
  it('is made on the first ask, once, with the class’s teacher and students', async () => {
    const chatId = classChatId(classOld);
    expect(await chatEvents(chatId)).toHaveLength(0);
    expect((await call('GET', `/api/chats/${chatId}`, student(1))).status).toBe(404);

    const asked = await call('GET', `/api/classes/${classOld}/chat.json`, student(1));
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const entity = asked.body.entity as unknown as {
      id: string;
      participants: { id: string; is_moderator: boolean }[];
    };
    expect(entity).toMatchObject({ id: chatId, type: 'group', class_id: classOld, participants_count: 3 });
    expect(entity.participants.map((p) => p.id).sort()).toEqual([S(1), S(2), T1].sort());
    expect(entity.participants.find((p) => p.id === T1)?.is_moderator).toBe(true);

    // Asked again (by the teacher this time): the same chat, not a second one.
    const again = await call('GET', `/api/classes/${classOld}/chat.json`, teacher);
    expect(again.body.entity).toMatchObject({ id: chatId });
    expect((await chatEvents(chatId)).filter((e) => e.type === 'ChatCreated')).toHaveLength(1);

    // From now on it is a chat like any other: in the group list, and it takes messages.
    await scene.posted(student(2), { chat_id: chatId, message: 'Наконец-то чат' });
    const listed = await call('GET', '/api/chats?type=group', teacher);
    expect((listed.body.entities as unknown as Page).data.map((c) => c.id)).toContain(chatId);
  });

  it('is 404 to another class’s student and another school’s teacher', async () => {
    for (const token of [student(3), otherSchoolTeacher])
      expect((await call('GET', `/api/classes/${classOld}/chat.json`, token)).status).toBe(404);
  });

  it('is made for an is_chat assignment on the first ask, and never for one without a chat', async () => {
    const chatId = assignmentChatId(withChat);
    expect(await chatEvents(chatId)).toHaveLength(0);
    const asked = await call('GET', `/api/assignments/${withChat}/chat.json`, student(1));
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.entity).toMatchObject({ id: chatId, participants_count: 2 });
    // A student of the class but not of the assignment is not in its chat.
    expect((await call('GET', `/api/assignments/${withChat}/chat.json`, student(2))).status).toBe(404);

    const none = await call('GET', `/api/assignments/${withoutChat}/chat.json`, student(1));
    expect(none.status).toBe(404);
    expect(await chatEvents(assignmentChatId(withoutChat))).toHaveLength(0);
  });
});
