import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { channelName, CLOSE_CODES, type ServerMessage } from '@sabaq/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DroppedSocket } from '../../../services/src/platform/realtime/hub';
import { actionEvent, attemptStream } from '../../support/events';
import { TestClient, withDeadline } from './client';
import {
  accessRevoked,
  notice,
  NoticePosted,
  noticeStream,
  startRealtimeServer,
  type RealtimeServer,
} from './fixture';

const isNotice = (body: string) => (m: ServerMessage) =>
  m.event === 'NotificationCreated' && m.data.notification.description === body;

/**
 * Waits until a fresh notice reaches the user's socket. Pushes are fanned out in log order and each socket
 * is one ordered stream, so anything published before the marker has arrived by then.
 */
async function barrier(server: RealtimeServer, userId: string, client: TestClient): Promise<void> {
  const body = `marker ${randomUUID()}`;
  await server.store.append(noticeStream(), [notice(userId, body)]);
  await client.next(isNotice(body), 'marker notice', 60_000);
}

describe('realtime channels', () => {
  let server: RealtimeServer;
  const clients: TestClient[] = [];
  const connect = async (token: string) => {
    const opened = await TestClient.connect(server.url, token);
    clients.push(opened.client);
    return opened;
  };

  beforeAll(async () => {
    server = await startRealtimeServer({ authTimeoutMs: 500 });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server.close();
  });

  it('accepts a socket that authenticates with a valid ws token', async () => {
    const tokens = server.auth.add('amina', {});
    const { client, socketId } = await connect(tokens.ws);
    expect(socketId).toMatch(/^[0-9a-f-]{36}$/);
    const connected = await client.next((m) => m.event === 'connected');
    expect(connected).toMatchObject({ data: { user_id: server.auth.caller('amina').userId } });
  });

  it('closes a socket that sends no token, a bad token, or anything before authenticating', async () => {
    const silent = await TestClient.open(server.url);
    clients.push(silent);
    expect((await withDeadline(silent.closed, 'close')).code).toBe(CLOSE_CODES.unauthenticated);

    const forged = await TestClient.open(server.url);
    clients.push(forged);
    forged.send({ event: 'authenticate', token: 'ws-nobody' });
    expect((await withDeadline(forged.closed, 'close')).code).toBe(CLOSE_CODES.unauthenticated);

    const hasty = await TestClient.open(server.url);
    clients.push(hasty);
    hasty.send({ event: 'subscribe', channel: 'user.1' });
    expect((await withDeadline(hasty.closed, 'close')).code).toBe(CLOSE_CODES.unauthenticated);
    expect([...silent.received, ...forged.received, ...hasty.received]).toEqual([]);
  });

  it('lets a socket subscribe to its own user channel and refuses anyone else’s', async () => {
    const tokens = server.auth.add('bolat', {});
    const other = server.auth.add('dana', {});
    const bolat = server.auth.caller('bolat').userId;
    const dana = server.auth.caller('dana').userId;
    const { client, socketId } = await connect(tokens.ws);

    expect(await client.subscribe(`user.${bolat}`)).toEqual({
      event: 'subscribed',
      channel: `user.${bolat}`,
    });
    expect(await client.subscribe(`user.${dana}`)).toMatchObject({
      event: 'subscription_error',
      data: { status_code: 403 },
    });

    const refused = await server.authorise(tokens.access, socketId, `user.${dana}`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      message: 'You may not listen to this channel',
      errors: {},
      status_code: 403,
    });
    // A signature is bound to its user: Dana's signature for her own channel does not open it to Bolat.
    const danas = (await (await server.authorise(other.access, socketId, `user.${dana}`)).json()) as {
      auth: string;
    };
    expect(await client.subscribe(`user.${dana}`, danas.auth)).toMatchObject({ event: 'subscription_error' });
  });

  it('refuses unknown channels and unauthenticated auth requests in the error shape', async () => {
    const tokens = server.auth.add('erlan', {});
    const { client, socketId } = await connect(tokens.ws);
    for (const channel of ['library.5', 'chat.', 'order.7', 'user.x.y', '../user.1']) {
      const answer = await server.authorise(tokens.access, socketId, channel);
      expect(answer.status, channel).toBe(403);
      expect(await answer.json()).toMatchObject({ status_code: 403 });
      expect(await client.subscribe(channel, 'forged')).toMatchObject({ event: 'subscription_error' });
    }
    const anonymous = await server.authorise(
      undefined,
      socketId,
      `user.${server.auth.caller('erlan').userId}`,
    );
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ status_code: 401 });
  });

  it('pushes an appended event to exactly the sockets subscribed to its channel', async () => {
    const proctor = server.auth.add('proctor-gulnar', { group: 'proctor' });
    const second = server.auth.add('proctor-kanat', { group: 'proctor' });
    const student = server.auth.add('student-timur', { group: 'student' });
    const [gulnar, kanat, timur] = ['proctor-gulnar', 'proctor-kanat', 'student-timur'].map(
      (key) => server.auth.caller(key).userId,
    ) as [string, string, string];
    const assignment = `asg-${randomUUID()}`;
    const otherAssignment = `asg-${randomUUID()}`;
    server.rosters.proctors.set(gulnar, new Set([assignment]));
    server.rosters.proctors.set(kanat, new Set([otherAssignment]));

    const sockets = await Promise.all([
      connect(proctor.ws),
      connect(proctor.ws),
      connect(second.ws),
      connect(student.ws),
    ]);
    const [g1, g2, k, t] = sockets;
    for (const [opened, access, channel] of [
      [g1, proctor.access, `assignment.${assignment}`],
      [g2, proctor.access, `assignment.${assignment}`],
      [k, second.access, `assignment.${otherAssignment}`],
    ] as const) {
      const answer = await server.authorise(access, opened.socketId, channel);
      expect(answer.status).toBe(200);
      const { auth } = (await answer.json()) as { auth: string };
      expect(await opened.client.subscribe(channel, auth)).toMatchObject({ event: 'subscribed' });
    }
    // The student is not a proctor of the assignment, and a signature for another socket does not help.
    expect((await server.authorise(student.access, t.socketId, `assignment.${assignment}`)).status).toBe(403);
    const g1Signature = (await (
      await server.authorise(proctor.access, g1.socketId, `assignment.${assignment}`)
    ).json()) as { auth: string };
    expect(await t.client.subscribe(`assignment.${assignment}`, g1Signature.auth)).toMatchObject({
      event: 'subscription_error',
    });
    for (const [opened, userId] of [
      [g1, gulnar],
      [g2, gulnar],
      [k, kanat],
      [t, timur],
    ] as const) {
      await opened.client.subscribe(`user.${userId}`);
    }

    const stream = attemptStream();
    await server.store.append(stream, [
      actionEvent(stream, { assignmentId: assignment, actionType: 'focus_lost' }),
    ]);
    for (const [opened, userId] of [
      [g1, gulnar],
      [g2, gulnar],
      [k, kanat],
      [t, timur],
    ] as const) {
      await barrier(server, userId, opened.client);
    }
    for (const opened of [g1, g2]) {
      expect(opened.client.pushes('ActionRecorded')).toEqual([
        {
          channel: `assignment.${assignment}`,
          event: 'ActionRecorded',
          data: expect.objectContaining({ assignment_id: assignment, action_type: 'focus_lost' }),
        },
      ]);
    }
    expect(k.client.pushes('ActionRecorded')).toEqual([]);
    expect(t.client.pushes('ActionRecorded')).toEqual([]);
    // Each notice went only to its own user's channel.
    expect(t.client.pushes('NotificationCreated')).toHaveLength(1);
    expect(g1.client.pushes('NotificationCreated')).toHaveLength(2);
  });

  it('relays typing to the other participants of a chat, stamped with the typist', async () => {
    const a = server.auth.add('chat-aliya', {});
    const b = server.auth.add('chat-berik', {});
    const aliya = server.auth.caller('chat-aliya').userId;
    const berik = server.auth.caller('chat-berik').userId;
    const chat = `chat.${randomUUID()}`;
    server.rosters.chatParticipants.set(chat.slice('chat.'.length), new Set([aliya, berik]));
    const [sa, sb] = await Promise.all([connect(a.ws), connect(b.ws)]);
    for (const [opened, access] of [
      [sa, a.access],
      [sb, b.access],
    ] as const) {
      const { auth } = (await (await server.authorise(access, opened.socketId, chat)).json()) as {
        auth: string;
      };
      await opened.client.subscribe(chat, auth);
    }
    sa.client.send({ event: 'whisper', channel: chat, name: 'start-typing' });
    expect(await sb.client.next((m) => m.event === 'start-typing')).toEqual({
      channel: chat,
      event: 'start-typing',
      data: { user_id: aliya },
    });
    // Whispering where one does not listen is refused; the typist does not hear itself.
    sb.client.send({ event: 'whisper', channel: `chat.${randomUUID()}`, name: 'end-typing' });
    expect(await sb.client.next((m) => m.event === 'error')).toMatchObject({ data: { status_code: 403 } });
    await sa.client.subscribe(`user.${aliya}`);
    await barrier(server, aliya, sa.client);
    expect(sa.client.pushes('start-typing')).toEqual([]);
  });

  it('logs out the sockets of an ended session with LogoutAction and closes them', async () => {
    const phone = server.auth.add('saule-phone', { sessionId: 'session-phone' });
    const userId = server.auth.caller('saule-phone').userId;
    const laptop = server.auth.add('saule-laptop', { userId, sessionId: 'session-laptop' });
    const bystander = server.auth.add('yerzhan', {});
    const [onPhone, onLaptop, other] = await Promise.all([
      connect(phone.ws),
      connect(laptop.ws),
      connect(bystander.ws),
    ]);
    // The phone's socket listens to nothing: a logout reaches every socket of the session regardless.
    await onLaptop.client.subscribe(`user.${userId}`);
    await other.client.subscribe(`user.${server.auth.caller('yerzhan').userId}`);

    await server.store.append(noticeStream(), [accessRevoked(userId, 'session-phone')]);
    expect(await withDeadline(onPhone.client.closed, 'phone closed')).toEqual({
      code: CLOSE_CODES.loggedOut,
      reason: 'logged out',
    });
    expect(onPhone.client.pushes('LogoutAction')).toEqual([
      {
        channel: `user.${userId}`,
        event: 'LogoutAction',
        data: { session_id: 'session-phone', reason: 'revoked' },
      },
    ]);
    await barrier(server, userId, onLaptop.client);
    expect(onLaptop.client.pushes('LogoutAction')).toEqual([]);

    await server.store.append(noticeStream(), [accessRevoked(userId, null)]);
    expect((await withDeadline(onLaptop.client.closed, 'laptop closed')).code).toBe(CLOSE_CODES.loggedOut);
    expect(onLaptop.client.pushes('LogoutAction')).toHaveLength(1);
    await barrier(server, server.auth.caller('yerzhan').userId, other.client);
    expect(other.client.pushes('LogoutAction')).toEqual([]);
  });

  it('asks a socket whose session is unknown to reauthenticate when one of its user’s sessions ends', async () => {
    const tokens = server.auth.add('madina', {});
    const userId = server.auth.caller('madina').userId;
    const { client } = await connect(tokens.ws);
    await server.store.append(noticeStream(), [accessRevoked(userId, 'some-other-session')]);
    expect((await withDeadline(client.closed, 'closed')).code).toBe(CLOSE_CODES.reauthenticate);
    expect(client.pushes('LogoutAction')).toEqual([]);
  });
});

describe('realtime backpressure, heartbeat and shutdown', () => {
  it('drops a socket that stops reading without holding back the others', async () => {
    const server = await startRealtimeServer({ limits: { maxBufferedBytes: 256 * 1024 } });
    try {
      const tokens = server.auth.add('class-teacher', {});
      const userId = server.auth.caller('class-teacher').userId;
      const [slow, fast] = await Promise.all([
        TestClient.connect(server.url, tokens.ws),
        TestClient.connect(server.url, tokens.ws),
      ]);
      await slow.client.subscribe(`user.${userId}`);
      await fast.client.subscribe(`user.${userId}`);
      let dropped: DroppedSocket | undefined;
      void (once(server.realtime.hub, 'dropped') as Promise<[DroppedSocket]>).then(([info]) => {
        dropped = info;
      });
      slow.client.socket.pause();

      // Notices of 64 KiB in threes (under the 256 KiB limit), each three read by the fast socket before
      // the next: the server and both clients share this process's event loop, so a reader that keeps
      // up must be given the chance to. The paused one falls behind once the kernel's buffers are full.
      const body = 'x'.repeat(64 * 1024);
      let sent = 0;
      for (let batch = 0; batch < 300 && !dropped; batch++) {
        await server.store.append(
          noticeStream(),
          Array.from({ length: 3 }, () => notice(userId, body)),
        );
        sent += 3;
        await fast.client.next(
          () => fast.client.pushes('NotificationCreated').length >= sent,
          `notices up to ${sent}`,
        );
      }
      expect(dropped).toEqual({ socketId: slow.socketId, userId, reason: 'too_slow' });
      await barrier(server, userId, fast.client);
      expect(fast.client.pushes('NotificationCreated')).toHaveLength(sent + 1);
      expect(server.realtime.hub.stats().sockets).toBe(1);
      fast.client.close();
      slow.client.close();
    } finally {
      await server.close();
    }
  }, 120_000);

  it('keeps a reading socket that gets a burst larger than the limit in one turn', async () => {
    const server = await startRealtimeServer({ limits: { maxBufferedBytes: 256 * 1024 } });
    try {
      const tokens = server.auth.add('burst-reader', {});
      const userId = server.auth.caller('burst-reader').userId;
      const { client } = await TestClient.connect(server.url, tokens.ws);
      await client.subscribe(`user.${userId}`);
      let dropped: DroppedSocket | undefined;
      server.realtime.hub.once('dropped', (info: DroppedSocket) => (dropped = info));
      // Eight notices of 64 KiB in one append reach the socket in one turn of the event loop: 512 KiB
      // held back together, twice the limit, for a reader that takes everything it is sent (a proctor's
      // socket under a class's burst of actions).
      const body = 'x'.repeat(64 * 1024);
      await server.store.append(
        noticeStream(),
        Array.from({ length: 8 }, () => notice(userId, body)),
      );
      await client.next(() => client.pushes('NotificationCreated').length >= 8, 'the burst of notices');
      expect(dropped).toBeUndefined();
      expect(server.realtime.hub.stats().sockets).toBe(1);
      client.close();
    } finally {
      await server.close();
    }
  });

  it('drops a socket that stops answering pings', async () => {
    const server = await startRealtimeServer({ limits: { heartbeatMs: 100 } });
    try {
      const tokens = server.auth.add('deaf', {});
      const dropped = once(server.realtime.hub, 'dropped') as Promise<[DroppedSocket]>;
      const { client, socketId } = await TestClient.connect(server.url, tokens.ws, { autoPong: false });
      expect((await withDeadline(dropped, 'dropped'))[0]).toMatchObject({ socketId, reason: 'no_heartbeat' });
      client.close();
    } finally {
      await server.close();
    }
  });

  it('closes every socket with 1001 on shutdown', async () => {
    const server = await startRealtimeServer();
    const tokens = server.auth.add('late-reader', {});
    const userId = server.auth.caller('late-reader').userId;
    const sockets = await Promise.all([1, 2, 3].map(() => TestClient.connect(server.url, tokens.ws)));
    await sockets[0]?.client.subscribe(`user.${userId}`);
    const authenticating = await TestClient.open(server.url);
    await server.close();
    expect((await withDeadline(authenticating.closed, 'unauthenticated socket closed')).code).toBe(1006);
    for (const { client } of sockets) {
      expect(await withDeadline(client.closed, 'closed on shutdown')).toEqual({
        code: CLOSE_CODES.goingAway,
        reason: 'server shutting down',
      });
    }
    expect(server.realtime.hub.stats()).toEqual({ sockets: 0, channels: 0 });
  });

  it('keeps pushing when a mapper throws or builds a push outside the contract', async () => {
    const server = await startRealtimeServer({
      more: [
        {
          pushes: [
            {
              eventTypes: ['NoticePosted'],
              map: () => {
                throw new Error('read model unavailable');
              },
            },
            {
              eventTypes: ['NoticePosted'],
              // Same channel, but an entity without an id: the contract refuses it.
              map: (event) => [
                {
                  channel: channelName('user', NoticePosted.schema.parse(event.data).userId),
                  event: 'NotificationCreated',
                  data: { notification: { id: '', created_at: event.recordedAt.toISOString() } },
                },
              ],
            },
          ],
        },
      ],
    });
    const warn = console.warn;
    const warnings: string[] = [];
    console.warn = (message: string) => warnings.push(message);
    try {
      const tokens = server.auth.add('librarian', {});
      const userId = server.auth.caller('librarian').userId;
      const { client } = await TestClient.connect(server.url, tokens.ws);
      await client.subscribe(`user.${userId}`);
      await barrier(server, userId, client);
      await barrier(server, userId, client);
      expect(client.pushes('NotificationCreated')).toHaveLength(2);
      expect(
        client
          .pushes('NotificationCreated')
          .every((m) => m.event === 'NotificationCreated' && m.data.notification.id !== ''),
      ).toBe(true);
      expect(warnings.filter((w) => w.includes('mapping failed'))).toHaveLength(4);
      client.close();
    } finally {
      console.warn = warn;
      await server.close();
    }
  });
});
