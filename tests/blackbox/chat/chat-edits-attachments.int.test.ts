import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chatScene, classChats } from './chat-scene';

/**
 * A chat's edits and deletions pushed live to the others' open windows (a personal line's to its two
 * people only), and attachments that open for the chat's participants and nobody else.
 */
const scene = chatScene();
const { call, post, T1, S, teacher, student, otherSchoolTeacher } = scene;
const { chatA } = classChats(scene);
const listen = (token: string) => scene.listen(token, chatA);
const pushesOf = scene.pushesOf;

describe('edits and deletions, live', () => {
  it('reach every other participant’s open window once, as the API answers the message', async () => {
    const t = await listen(teacher);
    const s2 = await listen(student(2));
    const said = await scene.posted(teacher, { chat_id: chatA, message: 'Контрольная в пятницу' });
    await scene.arrives(s2, 'post-message', said.id);

    const edited = await call('PUT', `/api/chat-messages/${said.id}`, teacher, {
      message: 'Контрольная в субботу',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const edit = await scene.arrives(s2, 'edit-message', said.id);
    // The frame is the message as GET /api/chat-messages gives it after the edit.
    const [listed] = (await scene.page(student(2), `chat_id=${chatA}&limit=1`)).data;
    expect(listed).toMatchObject({ id: said.id, message: 'Контрольная в субботу' });
    expect(edit).toMatchObject({
      id: said.id,
      chat_id: chatA,
      user_id: T1,
      message: 'Контрольная в субботу',
      is_deleted: false,
      seq: listed!.seq,
      edited_at: listed!.edited_at,
    });

    expect((await call('DELETE', `/api/chat-messages/${said.id}`, teacher)).status).toBe(204);
    const deletion = await scene.arrives(s2, 'delete-message', said.id);
    expect(deletion).toMatchObject({
      id: said.id,
      message: null,
      is_deleted: true,
      media: null,
    });
    // A later marker: whatever the edit or the deletion would have sent twice has arrived by then.
    const marker = await scene.posted(teacher, { chat_id: chatA, message: 'метка' });
    await scene.arrives(s2, 'post-message', marker.id);
    await scene.arrives(t, 'post-message', marker.id);
    for (const peer of [s2, t]) {
      expect(pushesOf(peer, 'edit-message', said.id)).toHaveLength(1);
      expect(pushesOf(peer, 'delete-message', said.id)).toHaveLength(1);
    }
    for (const peer of [t, s2]) peer.client.close();
  });

  it('of a personal line reach only its two people, on their own channels', async () => {
    const t = await listen(teacher);
    const s2 = await listen(student(2));
    const s4 = await listen(student(4));
    const line = await scene.posted(teacher, { chat_id: chatA, message: 'Зайди ко мне', recipient_id: S(2) });
    await call('PUT', `/api/chat-messages/${line.id}`, teacher, { message: 'Зайди после урока' });
    const edit = await scene.arrives(s2, 'ChatMessageEdited', line.id);
    expect(edit).toMatchObject({ message: 'Зайди после урока', recipient_id: S(2) });
    await scene.arrives(t, 'ChatMessageEdited', line.id);
    expect((await call('DELETE', `/api/chat-messages/${line.id}`, student(2))).status).toBe(403);
    expect((await call('DELETE', `/api/chat-messages/${line.id}`, teacher)).status).toBe(204);
    await scene.arrives(s2, 'ChatMessageDeleted', line.id);
    const marker = await scene.posted(teacher, { chat_id: chatA, message: 'метка' });
    await scene.arrives(s4, 'post-message', marker.id);
    // Neither the chat's channel nor the third participant heard of the personal line.
    for (const event of ['edit-message', 'delete-message', 'ChatMessageEdited', 'ChatMessageDeleted'])
      expect(pushesOf(s4, event, line.id)).toHaveLength(0);
    expect(pushesOf(s2, 'edit-message', line.id)).toHaveLength(0);
    for (const peer of [t, s2, s4]) peer.client.close();
  });
});

describe('attachments', () => {
  /** A file of the user's library (as the media library's upload records it). */
  async function libraryFile(userId: string, name: string): Promise<string> {
    const id = randomUUID();
    await scene.current().store.append(
      `media-${id}`,
      [
        {
          id: randomUUID(),
          type: 'MediaCreated',
          data: {
            id,
            parent_id: null,
            name,
            type: 'document',
            file_name: name,
            file_size: 1024,
            mime_type: 'application/pdf',
            key: `media/${id}/${name}`,
          },
          metadata: { schoolId: 'school-a', userId },
        },
      ],
      { expectedVersion: 'no_stream' },
    );
    await scene.caughtUp();
    return id;
  }
  /** `GET /api/media/{id}/view` without following the redirect. */
  const view = (token: string, id: string) => call('GET', `/api/media/${id}/view`, token);
  const opens = (answer: { status: number; headers: Record<string, unknown> }, id: string) => {
    expect(answer.status).toBe(302);
    expect(String(answer.headers.location)).toMatch(
      new RegExp(`^/api/media/${id}/file\\?expires=\\d+&signature=`),
    );
  };
  const refused = (answer: { status: number; body: Record<string, unknown> }) => {
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ status_code: 404 });
    expect(typeof answer.body.message).toBe('string');
  };

  it('open for the chat’s participants, not for another class or another school', async () => {
    const file = await libraryFile(S(1), 'конспект.pdf');
    // Before it is attached, the library's rule alone: the owner's only.
    refused(await view(student(2), file));
    const sent = await scene.posted(student(1), { chat_id: chatA, media_id: file, message: 'Мой конспект' });
    expect(sent.media).toMatchObject({ id: file, name: 'конспект.pdf' });
    for (const token of [student(1), student(2), teacher]) opens(await view(token, file), file);
    for (const token of [student(3), otherSchoolTeacher]) refused(await view(token, file));

    // Deleted, the message no longer shows it: the participants lose it, its owner keeps it.
    expect((await call('DELETE', `/api/chat-messages/${sent.id}`, student(1))).status).toBe(204);
    await scene.caughtUp();
    refused(await view(student(2), file));
    opens(await view(student(1), file), file);
  });

  it('of a personal line open for its two people only', async () => {
    const file = await libraryFile(S(1), 'лично.pdf');
    await scene.posted(student(1), { chat_id: chatA, media_id: file, recipient_id: S(2), message: null });
    opens(await view(student(2), file), file);
    refused(await view(student(4), file));
    refused(await view(teacher, file));
  });

  it('may not be another’s file the poster cannot read', async () => {
    const file = await libraryFile(S(4), 'чужое.pdf');
    const answer = await post(student(2), { chat_id: chatA, media_id: file, message: 'смотрите' });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toHaveProperty('media_id');
  });
});
