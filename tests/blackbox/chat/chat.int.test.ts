import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { assignmentRecord } from '../../../services/src/contexts/assignments/test-fixtures';
import { assignmentChatId, classChatId } from '../../../services/src/contexts/chat/ids';
import { TestClient } from '../realtime/client';
import { chatScene, classChats, pushedId, type Message, type Page } from './chat-scene';

/**
 * Chats over HTTP and the realtime socket. A class's chat follows its class; only its participants read,
 * post or listen; a message reaches each connected participant once; a client that reconnects asks for
 * what it missed; pages of 25 neither skip nor repeat; bad text is a 422 and a flood a 429.
 */
const scene = chatScene();
const { call, post, page, plant, T1, S, teacher, student, otherSchoolTeacher } = scene;
const { classA, assignmentId, chatA } = classChats(scene);
const listen = (token: string) => scene.listen(token, chatA);
const pushesOf = scene.pushesOf;

describe('a class’s chat', () => {
  it('exists with the class’s teacher and students, and follows the class', async () => {
    const seen = await call('GET', `/api/chats/${chatA}`, student(1));
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    const entity = seen.body.entity as unknown as { participants: { id: string; is_moderator: boolean }[] };
    expect(entity).toMatchObject({ id: chatA, type: 'group', class_id: classA, participants_count: 4 });
    expect(entity.participants.map((p) => p.id).sort()).toEqual([S(1), S(2), S(4), T1].sort());
    expect(entity.participants.find((p) => p.id === T1)?.is_moderator).toBe(true);

    await plant(`class-${classA}`, 'ClassUpdated', {
      id: classA,
      changes: { students: [S(1), S(2), S(4), S(5)] },
    });
    await scene.caughtUp();
    const grown = await call('GET', `/api/chats/${chatA}`, student(5));
    expect(grown.status).toBe(200);
    expect(grown.body.entity).toMatchObject({ participants_count: 5 });
    // The newcomer's "joined" line, written once.
    const lines = (await page(student(5), `chat_id=${chatA}&limit=100`)).data.filter(
      (m) => m.is_service && m.user_id === S(5),
    );
    expect(lines).toHaveLength(1);
  });

  it('lists the caller’s chats with only the fields asked for', async () => {
    expect((await post(teacher, { chat_id: chatA, message: 'Добро пожаловать' })).status).toBe(201);
    const answer = await scene.current().app.inject({
      method: 'GET',
      url: '/api/chats?type=group&orderBy=last_message&limit=30',
      headers: {
        authorization: `Bearer ${teacher}`,
        'x-requested-fields': 'id,name,participants_count,last_message.created_at',
      },
    });
    expect(answer.statusCode).toBe(200);
    const list = (answer.json() as { entities: { data: Record<string, unknown>[]; per_page: number } })
      .entities;
    expect(list.per_page).toBe(30);
    const mine = list.data.find((c) => c.id === chatA);
    expect(mine).toBeDefined();
    expect(Object.keys(mine!).sort()).toEqual(['id', 'last_message', 'name', 'participants_count']);
    expect(Object.keys(mine!.last_message as object)).toEqual(['created_at']);
    const ids = list.data.map((c) => c.id);
    expect(ids).toContain(assignmentChatId(assignmentId));
    const theirs = await call('GET', '/api/chats', student(3));
    expect((theirs.body.entities as unknown as Page).data.map((c) => c.id)).not.toContain(chatA);
  });

  it('gives an is_chat assignment its chat, with its owner and students', async () => {
    const answer = await call('GET', `/api/assignments/${assignmentId}/chat.json`, student(1));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.entity).toMatchObject({ id: assignmentChatId(assignmentId), participants_count: 2 });
    expect((await call('GET', `/api/assignments/${assignmentId}/chat.json`, student(2))).status).toBe(404);
  });

  it('gives an assignment its chat when is_chat is switched on, and follows its students', async () => {
    const later = `as-${randomUUID()}`;
    const chatId = assignmentChatId(later);
    await plant(
      `assignment-${later}`,
      'AssignmentCreated',
      assignmentRecord({ id: later, name: 'Без чата', is_chat: false, class_id: classA, students: [S(1)] }),
    );
    await scene.caughtUp();
    expect(await scene.current().store.readStream(`chat-${chatId}`)).toHaveLength(0);
    expect((await call('GET', `/api/chats/${chatId}`, teacher)).status).toBe(404);

    await plant(`assignment-${later}`, 'AssignmentUpdated', {
      id: later,
      changes: { is_chat: true, students: [S(1), S(2)] },
    });
    await scene.caughtUp();
    const made = await call('GET', `/api/chats/${chatId}`, student(2));
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.entity).toMatchObject({
      subject: 'assignment',
      assignment_id: later,
      participants_count: 3,
    });
  });

  it('closes with its deleted class: 404 to everyone, gone from the list', async () => {
    const gone = scene.newClassId();
    await scene.plantClass(gone, [S(1)]);
    await scene.caughtUp();
    expect((await call('GET', `/api/chats/${classChatId(gone)}`, student(1))).status).toBe(200);
    await plant(`class-${gone}`, 'ClassDeleted', { id: gone });
    await scene.caughtUp();
    for (const token of [teacher, student(1)])
      expect((await call('GET', `/api/chats/${classChatId(gone)}`, token)).status).toBe(404);
    expect((await post(student(1), { chat_id: classChatId(gone), message: 'есть кто?' })).status).toBe(404);
    const listed = await call('GET', '/api/chats?type=group', teacher);
    expect((listed.body.entities as unknown as Page).data.map((c) => c.id)).not.toContain(classChatId(gone));
  });
});

describe('who may read, post and listen', () => {
  it('refuses another class’s student and another school’s teacher as if the chat did not exist', async () => {
    for (const token of [student(3), otherSchoolTeacher]) {
      expect((await call('GET', `/api/chats/${chatA}`, token)).status).toBe(404);
      expect((await call('GET', `/api/chat-messages?chat_id=${chatA}`, token)).status).toBe(404);
      expect((await post(token, { chat_id: chatA, message: 'привет' })).status).toBe(404);
      const peer = await TestClient.connect(scene.current().url, token);
      const signed = await call('POST', '/broadcasting/auth', token, {
        socket_id: peer.socketId,
        channel_name: `chat.${chatA}`,
      });
      expect(signed.status).toBe(403);
      expect(await peer.client.subscribe(`chat.${chatA}`)).toMatchObject({ event: 'subscription_error' });
      peer.client.close();
    }
  });

  it('answers a script tag back as the plain text it was, in JSON', async () => {
    const text = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const made = await post(student(1), { chat_id: chatA, message: text });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.headers['content-type']).toMatch(/^application\/json/);
    expect(made.body.entity).toMatchObject({ message: text, user_id: S(1), is_service: false });
    const newest = (await page(teacher, `chat_id=${chatA}&limit=1`)).data[0]!;
    expect(newest.message).toBe(text);
  });

  it('takes a reply to a message, which names its parent in the answer and the page', async () => {
    const question = await scene.posted(teacher, { chat_id: chatA, message: 'Кто решил №5?' });
    const reply = await scene.posted(student(1), { chat_id: chatA, message: 'Я', parent_id: question.id });
    expect(reply).toMatchObject({ parent_id: question.id, message: 'Я' });
    const newest = (await page(student(2), `chat_id=${chatA}&limit=2`)).data;
    expect(newest.map((m) => [m.id, m.parent_id])).toEqual([
      [reply.id, question.id],
      [question.id, null],
    ]);
  });

  it('refuses an empty and an over-long message with a 422 on the field', async () => {
    for (const message of ['', '   \n ', 'x'.repeat(4001)]) {
      const answer = await post(student(1), { chat_id: chatA, message });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toHaveProperty('message');
    }
    const missing = await post(student(1), { chat_id: chatA });
    expect(missing.status).toBe(422);
    const reply = await post(student(1), { chat_id: chatA, message: 'ответ', parent_id: randomUUID() });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toHaveProperty('parent_id');
    expect((await post(student(1), { chat_id: chatA, message: 'x'.repeat(4000) })).status).toBe(201);
  });

  it('answers 429 to a user posting faster than the limit, and others still post', async () => {
    for (let n = 0; n < 20; n += 1) {
      const answer = await post(student(4), { chat_id: chatA, message: `#${n}` });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    }
    const flooded = await post(student(4), { chat_id: chatA, message: 'ещё' });
    expect(flooded.status).toBe(429);
    expect(flooded.body).toMatchObject({ status_code: 429 });
    expect((await post(student(2), { chat_id: chatA, message: 'я могу' })).status).toBe(201);
  });

  it('lets authors edit and delete their messages, and the chat’s teachers delete and mute', async () => {
    const mine = (await post(student(1), { chat_id: chatA, message: 'опечтка' })).body.entity as Message;
    const teachers = (await post(teacher, { chat_id: chatA, message: 'Задание на завтра' })).body
      .entity as Message;
    const edited = await call('PUT', `/api/chat-messages/${mine.id}`, student(1), { message: 'опечатка' });
    expect(edited.body.entity).toMatchObject({ message: 'опечатка' });
    expect((await call('PUT', `/api/chat-messages/${mine.id}`, student(2), { message: 'x' })).status).toBe(
      403,
    );
    expect((await call('DELETE', `/api/chat-messages/${teachers.id}`, student(1))).status).toBe(403);
    expect((await call('DELETE', `/api/chat-messages/${mine.id}`, student(3))).status).toBe(404);
    expect((await call('DELETE', `/api/chat-messages/${mine.id}`, teacher)).status).toBe(204);
    const gone = (await page(student(1), `chat_id=${chatA}&limit=5`)).data.find((m) => m.id === mine.id);
    expect(gone).toMatchObject({ message: null, is_deleted: true });

    expect((await call('POST', `/api/chats/${chatA}/mute.json`, student(2), { user_id: S(1) })).status).toBe(
      403,
    );
    const muted = await call('POST', `/api/chats/${chatA}/mute.json`, teacher, { user_id: S(1) });
    expect(muted.status, JSON.stringify(muted.body)).toBe(200);
    expect((await post(student(1), { chat_id: chatA, message: 'можно?' })).status).toBe(403);
    await call('POST', `/api/chats/${chatA}/mute.json`, teacher, { user_id: S(1), muted: false });
    expect((await post(student(1), { chat_id: chatA, message: 'спасибо' })).status).toBe(201);
  });

  it('counts unread messages until the reader moves their read position', async () => {
    const last = (await post(teacher, { chat_id: chatA, message: 'Все прочитали?' })).body.entity as Message;
    const before = await call('GET', `/api/chats/${chatA}`, student(2));
    expect((before.body.entity as unknown as { unread_count: number }).unread_count).toBeGreaterThan(0);
    const read = await call('POST', `/api/chats/${chatA}/read.json`, student(2), { message_id: last.id });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.entity).toMatchObject({ unread_count: 0 });
  });
});

describe('personal chats', () => {
  it('opens one chat for two people of a school, seen by them only, named after the other', async () => {
    await scene.addPeople([T1, 'Анна'], [S(1), 'Дина'], ['teacher-school-b-1', 'Ерлан']);
    const opened = await call('POST', '/api/chats', teacher, { type: 'personal', user_id: S(1) });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const id = opened.body.entity!.id;
    expect(opened.body.entity).toMatchObject({
      type: 'personal',
      name: 'Тестова Дина',
      participants_count: 2,
    });
    // The other side opening it finds the same chat, named after the teacher.
    const again = await call('POST', '/api/chats', student(1), { type: 'personal', user_id: T1 });
    expect(again.body.entity).toMatchObject({ id, name: 'Тестова Анна' });
    expect((await post(student(1), { chat_id: id, message: 'Можно вопрос?' })).status).toBe(201);
    const mine = await call('GET', '/api/chats?type=personal', student(1));
    expect((mine.body.entities as unknown as Page).data.map((c) => c.id)).toEqual([id]);
    expect((await call('GET', `/api/chat-messages?chat_id=${id}`, student(2))).status).toBe(404);
    for (const [token, userId] of [
      [teacher, 'teacher-school-b-1'],
      [teacher, T1],
      [teacher, 'nobody'],
    ] as const) {
      const refused = await call('POST', '/api/chats', token, { type: 'personal', user_id: userId });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toHaveProperty('user_id');
    }
  });
});

describe('paging', () => {
  it('pages a conversation of 30 messages as 25 + 5, newest first, with no gap or repeat', async () => {
    const sent: string[] = [];
    for (let n = 0; n < 30; n += 1) {
      const [token, to] = n % 2 === 0 ? [student(5), S(2)] : [student(2), S(5)];
      const answer = await post(token, { chat_id: chatA, message: `№${n}`, recipient_id: to });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      sent.push((answer.body.entity as Message).id);
    }
    const first = await page(student(2), `chat_id=${chatA}&recipient_id=${S(5)}&page=1&limit=25&paginable=1`);
    const second = await page(student(2), `chat_id=${chatA}&recipient_id=${S(5)}&page=2&paginable=1`);
    expect([first.data.length, second.data.length, first.total, first.last_page]).toEqual([25, 5, 30, 2]);
    const all = [...first.data, ...second.data].map((m) => m.id);
    expect(all).toEqual([...sent].reverse());
    // A personal line inside the group is seen by its two people only.
    const other = await page(teacher, `chat_id=${chatA}&limit=100`);
    expect(other.data.map((m) => m.id).filter((id) => sent.includes(id))).toEqual([]);
  });
});

describe('live', () => {
  it('brings a message to every connected participant once, and a reconnecting client what it missed', async () => {
    const t = await listen(teacher);
    const s1 = await listen(student(1));
    const s2 = await listen(student(2));
    const hello = (await post(student(1), { chat_id: chatA, message: 'всем привет' })).body.entity as Message;
    // A later marker: once it has arrived, anything the first message would have sent twice has arrived too.
    const marker = (await post(teacher, { chat_id: chatA, message: 'метка' })).body.entity as Message;
    for (const peer of [s1, s2]) {
      await peer.client.next((m) => m.event === 'post-message' && pushedId(m) === marker.id);
    }
    const posted = (peer: { client: TestClient }, event: string, id: string) =>
      peer.client.next((m) => m.event === event && pushedId(m) === id);
    await posted(t, 'ChatMessagePosted', hello.id);
    await posted(s2, 'ChatMessagePosted', marker.id);
    await posted(s1, 'ChatMessagePosted', marker.id);
    for (const peer of [t, s1, s2]) expect(pushesOf(peer, 'post-message', hello.id)).toHaveLength(1);
    expect(pushesOf(t, 'ChatMessagePosted', hello.id)).toHaveLength(1);
    expect(pushesOf(s2, 'ChatMessagePosted', hello.id)).toHaveLength(1);
    // The author is not told of their own message on their user channel.
    expect(pushesOf(s1, 'ChatMessagePosted', hello.id)).toHaveLength(0);

    // Student 2 drops; three messages are posted meanwhile; on return it asks for what came after the
    // last message it saw, and then listens again: each message once, none lost.
    s2.client.close();
    const missed: string[] = [];
    for (const text of ['раз', 'два', 'три'])
      missed.push(((await post(teacher, { chat_id: chatA, message: text })).body.entity as Message).id);
    const back = await listen(student(2));
    const resumed = await call(
      'GET',
      `/api/chat-messages?chat_id=${chatA}&after_id=${marker.id}`,
      student(2),
    );
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    expect((resumed.body.entities as unknown as Message[]).map((m) => m.id)).toEqual(missed);
    const after = (await post(student(1), { chat_id: chatA, message: 'снова вместе' })).body
      .entity as Message;
    await back.client.next((m) => m.event === 'post-message' && pushedId(m) === after.id);
    const seen = back.client.pushes('post-message').map(pushedId);
    expect(seen).toEqual([after.id]);
    for (const peer of [t, s1, back]) peer.client.close();
  });

  it('relays typing to the others on the chat’s channel', async () => {
    const t = await listen(teacher);
    const s1 = await listen(student(1));
    s1.client.send({ event: 'whisper', channel: `chat.${chatA}`, name: 'start-typing' });
    expect(await t.client.next((m) => m.event === 'start-typing')).toMatchObject({ data: { user_id: S(1) } });
    for (const peer of [t, s1]) peer.client.close();
  });
});
