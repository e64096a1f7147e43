import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignmentRecord } from '../../../services/src/contexts/assignments/test-fixtures';
import { assignmentChatId, chatStream, classChatId } from '../../../services/src/contexts/chat/ids';
import { ensureClassChat } from '../../../services/src/contexts/chat/people-follow';
import { chatScene, type Message } from './chat-scene';

/**
 * Somebody who stops following a class's or an assignment's chat (taken out of its students) leaves it:
 * the chat writes a "left" line naming them, once however often the change is decided again, and they
 * no longer read it (404).
 */
const scene = chatScene();
const { call, page, plant, T1, S, teacher, student } = scene;

type Line = Message & { action: string; user: { id: string; name: string } };

/** The service lines of one action about one person, as the class's teacher reads the chat. */
async function linesAbout(chatId: string, action: string, userId: string): Promise<Line[]> {
  const all = (await page(teacher, `chat_id=${chatId}&limit=100`)).data as Line[];
  return all.filter((m) => m.is_service && m.action === action && m.user_id === userId);
}

beforeAll(async () => {
  await scene.addPeople([T1, 'Анна'], [S(1), 'Дина'], [S(2), 'Жанар']);
});

describe('leaving a class’s or an assignment’s chat', () => {
  it('writes a "left" line naming the student taken out of the class, who then gets 404', async () => {
    const classId = scene.newClassId();
    const chatId = classChatId(classId);
    await scene.plantClass(classId, [S(1), S(2)]);
    await scene.caughtUp();
    expect((await call('GET', `/api/chats/${chatId}`, student(2))).status).toBe(200);
    expect(await linesAbout(chatId, 'left', S(2))).toEqual([]);

    await plant(`class-${classId}`, 'ClassUpdated', { id: classId, changes: { students: [S(1)] } });
    await scene.caughtUp();
    const [left, ...more] = await linesAbout(chatId, 'left', S(2));
    expect(more).toEqual([]);
    expect(left).toMatchObject({ action: 'left', is_service: true, message: null, user_id: S(2) });
    expect(left!.user.name).toBe('Тестова Жанар');
    // The classmate who stays reads the line too; the one who left reads nothing of the chat.
    const seenByStayer = (await page(student(1), `chat_id=${chatId}&limit=100`)).data;
    expect(seenByStayer.map((m) => m.id)).toContain(left!.id);
    expect((await call('GET', `/api/chats/${chatId}`, student(2))).status).toBe(404);
    expect((await call('GET', `/api/chat-messages?chat_id=${chatId}`, student(2))).status).toBe(404);
    expect((await scene.post(student(2), { chat_id: chatId, message: 'я тут?' })).status).toBe(404);
    const listed = await call('GET', '/api/chats?type=group', student(2));
    expect(
      (listed.body.entities as unknown as { data: { id: string }[] }).data.map((c) => c.id),
    ).not.toContain(chatId);

    // The process manager deciding the same class again (a replay) appends nothing.
    const { store, db } = scene.current();
    const before = (await store.readStream(chatStream(chatId))).length;
    await ensureClassChat({ store, db, clock: () => new Date() }, classId);
    expect(await store.readStream(chatStream(chatId))).toHaveLength(before);
    expect(await linesAbout(chatId, 'left', S(2))).toHaveLength(1);
  });

  it('shows a "left" line live in the open windows of those who stay, not on anyone\'s own channel', async () => {
    const classId = scene.newClassId();
    const chatId = classChatId(classId);
    await scene.plantClass(classId, [S(1), S(2)]);
    await scene.caughtUp();
    const stayer = await scene.listen(student(1), chatId);
    const teacherPeer = await scene.listen(teacher, chatId);
    await plant(`class-${classId}`, 'ClassUpdated', { id: classId, changes: { students: [S(1)] } });
    await scene.caughtUp();
    const [left] = await linesAbout(chatId, 'left', S(2));
    for (const peer of [stayer, teacherPeer]) {
      const pushed = await scene.arrives(peer, 'post-message', left!.id);
      // Named as the page names them: an open window's participants no longer have the one who left.
      expect(pushed).toMatchObject({
        id: left!.id,
        action: 'left',
        is_service: true,
        user_id: S(2),
        user: { id: S(2), name: 'Тестова Жанар' },
      });
      expect(scene.pushesOf(peer, 'ChatMessagePosted', left!.id)).toEqual([]);
    }
    stayer.client.close();
    teacherPeer.client.close();
  });

  it('announces each return and each new departure with a line of its own', async () => {
    const classId = scene.newClassId();
    const chatId = classChatId(classId);
    await scene.plantClass(classId, [S(1), S(2)]);
    // Each step caught up before the next: the process manager follows the class as it stands when it
    // runs, so a change undone before it ran would leave no line.
    await scene.caughtUp();
    for (const students of [[S(1)], [S(1), S(2)], [S(1)]]) {
      await plant(`class-${classId}`, 'ClassUpdated', { id: classId, changes: { students } });
      await scene.caughtUp();
    }
    const left = await linesAbout(chatId, 'left', S(2));
    const joined = await linesAbout(chatId, 'joined', S(2));
    expect(left).toHaveLength(2);
    expect(joined).toHaveLength(2);
    expect(new Set([...left, ...joined].map((m) => m.id)).size).toBe(4);
    // In the order it happened: joined, left, joined, left.
    const order = [...left, ...joined].sort((a, b) => a.seq - b.seq).map((m) => m.action);
    expect(order).toEqual(['joined', 'left', 'joined', 'left']);
    expect((await call('GET', `/api/chats/${chatId}`, student(2))).status).toBe(404);
  });

  it('writes a "left" line for a student taken out of an is_chat assignment', async () => {
    const assignmentId = `as-${randomUUID()}`;
    const chatId = assignmentChatId(assignmentId);
    const classId = scene.newClassId();
    await scene.plantClass(classId, [S(1), S(2)]);
    await plant(
      `assignment-${assignmentId}`,
      'AssignmentCreated',
      assignmentRecord({
        id: assignmentId,
        name: 'Эссе',
        is_chat: true,
        class_id: classId,
        students: [S(1), S(2)],
      }),
    );
    await scene.caughtUp();
    expect((await call('GET', `/api/assignments/${assignmentId}/chat.json`, student(2))).status).toBe(200);

    await plant(`assignment-${assignmentId}`, 'AssignmentUpdated', {
      id: assignmentId,
      changes: { students: [S(1)] },
    });
    await scene.caughtUp();
    const left = await linesAbout(chatId, 'left', S(2));
    expect(left).toHaveLength(1);
    expect(left[0]!.user.name).toBe('Тестова Жанар');
    expect((await call('GET', `/api/assignments/${assignmentId}/chat.json`, student(2))).status).toBe(404);
    expect((await call('GET', `/api/chats/${chatId}`, student(2))).status).toBe(404);
  });
});
