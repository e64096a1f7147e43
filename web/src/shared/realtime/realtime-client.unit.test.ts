import { describe, expect, it } from 'vitest';
import { RealtimeClient, type ChannelState, type SocketLike } from './realtime-client';

/** A socket the test drives: it records what the client sends and delivers what the server would. */
class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  readonly sent: Record<string, unknown>[] = [];
  send(data: string): void {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(): void {
    this.readyState = 3;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  deliver(frame: object): void {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code = 1006): void {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  frames(event: string): Record<string, unknown>[] {
    return this.sent.filter((f) => f.event === event);
  }
}

/** Lets the client's pending promises (the channel's authorisation) settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function harness(refuse: (channel: string) => boolean = () => false) {
  const sockets: FakeSocket[] = [];
  const authorized: string[] = [];
  const timers: (() => void)[] = [];
  const client = new RealtimeClient({
    url: 'ws://test/ws',
    wsToken: () => 'ws-token',
    onLoggedOut: () => undefined,
    renewTokens: async () => true,
    authorize: async (socketId, channel) => {
      authorized.push(`${socketId}:${channel}`);
      if (refuse(channel)) throw new Error('403');
      return `sig(${socketId}:${channel})`;
    },
    openSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    schedule: (run) => {
      timers.push(run);
      return () => undefined;
    },
  });
  /** Opens the newest socket and has the server greet it with the given socket id. */
  const connect = async (socketId: string) => {
    const socket = sockets.at(-1)!;
    socket.open();
    socket.deliver({ event: 'connected', data: { socket_id: socketId, user_id: 'u1' } });
    await settle();
    return socket;
  };
  return { client, sockets, authorized, timers, connect };
}

function recorder() {
  const log = { states: [] as ChannelState[], subscribed: 0, events: [] as string[] };
  return {
    log,
    listener: {
      onState: (s: ChannelState) => log.states.push(s),
      onSubscribed: () => (log.subscribed += 1),
      onEvent: (event: string, data: unknown) => log.events.push(`${event}:${JSON.stringify(data)}`),
    },
  };
}

describe('the realtime client’s channel subscriptions', () => {
  it('signs and subscribes a channel once, however many screens listen', async () => {
    const { client, authorized, connect } = harness();
    const a = recorder();
    const b = recorder();
    client.start();
    client.subscribe('assignment.42', a.listener);
    const socket = await connect('s1');
    expect(socket.sent[0]).toEqual({ event: 'authenticate', token: 'ws-token' });
    expect(socket.frames('subscribe')).toEqual([
      { event: 'subscribe', channel: 'user.u1' },
      { event: 'subscribe', channel: 'assignment.42', auth: 'sig(s1:assignment.42)' },
    ]);
    socket.deliver({ event: 'subscribed', channel: 'assignment.42' });
    expect(a.log).toMatchObject({ states: ['connecting', 'live'], subscribed: 1 });

    // A second screen rides the same subscription: no second auth, told at once that it is live.
    client.subscribe('assignment.42', b.listener);
    expect(authorized).toEqual(['s1:assignment.42']);
    expect(socket.frames('subscribe')).toHaveLength(2);
    expect(b.log).toMatchObject({ states: ['live'], subscribed: 1 });

    // Pushes reach the channel's listeners, and only that channel's.
    socket.deliver({ channel: 'assignment.42', event: 'ActionRecorded', data: { id: 'x' } });
    socket.deliver({ channel: 'assignment.7', event: 'ActionRecorded', data: { id: 'y' } });
    expect(a.log.events).toEqual(['ActionRecorded:{"id":"x"}']);
    expect(b.log.events).toEqual(['ActionRecorded:{"id":"x"}']);
  });

  it('resubscribes after a reconnect with a signature for the new socket, and tells the screen to resync', async () => {
    const { client, sockets, authorized, timers, connect } = harness();
    const a = recorder();
    client.start();
    client.subscribe('assignment.42', a.listener);
    const first = await connect('s1');
    first.deliver({ event: 'subscribed', channel: 'assignment.42' });

    first.drop(1006);
    expect(a.log.states.at(-1)).toBe('offline');
    expect(timers).toHaveLength(1);
    timers[0]!();
    expect(sockets).toHaveLength(2);
    const second = await connect('s2');
    expect(authorized).toEqual(['s1:assignment.42', 's2:assignment.42']);
    expect(second.frames('subscribe').at(-1)).toEqual({
      event: 'subscribe',
      channel: 'assignment.42',
      auth: 'sig(s2:assignment.42)',
    });
    second.deliver({ event: 'subscribed', channel: 'assignment.42' });
    expect(a.log.subscribed).toBe(2);
    expect(a.log.states).toEqual(['connecting', 'live', 'offline', 'connecting', 'live']);
    // Frames of the old socket are not acted on.
    first.deliver({ channel: 'assignment.42', event: 'ActionRecorded', data: { id: 'late' } });
    expect(a.log.events).toEqual([]);
  });

  it('unsubscribes on the socket only when the last listener leaves, and not again after a reconnect', async () => {
    const { client, sockets, timers, connect } = harness();
    client.start();
    const offA = client.subscribe('assignment.42', recorder().listener);
    const offB = client.subscribe('assignment.42', recorder().listener);
    const socket = await connect('s1');
    socket.deliver({ event: 'subscribed', channel: 'assignment.42' });

    offA();
    expect(socket.frames('unsubscribe')).toEqual([]);
    offB();
    expect(socket.frames('unsubscribe')).toEqual([{ event: 'unsubscribe', channel: 'assignment.42' }]);
    expect(client.channelStates()).toEqual({});
    offB();
    expect(socket.frames('unsubscribe')).toHaveLength(1);

    socket.drop(1006);
    timers[0]!();
    const next = await connect('s2');
    expect(sockets).toHaveLength(2);
    expect(next.frames('subscribe')).toEqual([{ event: 'subscribe', channel: 'user.u1' }]);
  });

  it('a channel refused by the API or by the socket says so; others go on', async () => {
    const { client, connect } = harness((channel) => channel === 'assignment.9');
    const refused = recorder();
    const denied = recorder();
    const fine = recorder();
    client.start();
    client.subscribe('assignment.9', refused.listener);
    client.subscribe('chat.5', denied.listener);
    client.subscribe('assignment.42', fine.listener);
    const socket = await connect('s1');
    expect(socket.frames('subscribe').map((f) => f.channel)).toEqual(['user.u1', 'chat.5', 'assignment.42']);
    socket.deliver({ event: 'subscription_error', channel: 'chat.5', data: { status_code: 403 } });
    socket.deliver({ event: 'subscribed', channel: 'assignment.42' });
    expect(refused.log.states.at(-1)).toBe('refused');
    expect(denied.log.states.at(-1)).toBe('refused');
    expect(fine.log.states.at(-1)).toBe('live');
    expect(client.channelStates()).toEqual({
      'assignment.9': 'refused',
      'chat.5': 'refused',
      'assignment.42': 'live',
    });
  });

  it('subscribes a channel asked for while already connected, at once', async () => {
    const { client, connect } = harness();
    client.start();
    const socket = await connect('s1');
    client.subscribe('task.3', recorder().listener);
    await settle();
    expect(socket.frames('subscribe').at(-1)).toEqual({
      event: 'subscribe',
      channel: 'task.3',
      auth: 'sig(s1:task.3)',
    });
  });
});
