import type { ServerMessage } from '@sabaq/events';
import WebSocket from 'ws';

// An upper bound for failures only: passing waits resolve at once, and a loaded CI machine needs the slack.
const DEADLINE_MS = 30_000;

interface Waiter {
  accept(message: ServerMessage): boolean;
  resolve(message: ServerMessage): void;
}

/** A browser-like realtime client that records every frame and lets a test wait for one, with a deadline. */
export class TestClient {
  readonly received: ServerMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly waiters = new Set<Waiter>();

  constructor(readonly socket: WebSocket) {
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as ServerMessage;
      this.received.push(message);
      for (const waiter of [...this.waiters]) {
        if (!waiter.accept(message)) continue;
        this.waiters.delete(waiter);
        waiter.resolve(message);
      }
    });
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    });
  }

  static async open(url: string, options: WebSocket.ClientOptions = {}): Promise<TestClient> {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`, options);
    const client = new TestClient(socket);
    await withDeadline(
      new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      }),
      'socket open',
    );
    return client;
  }

  /** Opens and authenticates with a ws token; resolves with the socket id once `connected` arrives. */
  static async connect(url: string, token: string, options: WebSocket.ClientOptions = {}) {
    const client = await TestClient.open(url, options);
    client.send({ event: 'authenticate', token });
    const connected = await client.next((m) => m.event === 'connected');
    if (connected.event !== 'connected') throw new Error('unreachable');
    return { client, socketId: connected.data.socket_id };
  }

  send(frame: unknown): void {
    this.socket.send(JSON.stringify(frame));
  }

  /** The first frame, already received or still to come, that matches. */
  next(
    accept: (message: ServerMessage) => boolean,
    what = 'a matching frame',
    ms = DEADLINE_MS,
  ): Promise<ServerMessage> {
    const seen = this.received.find(accept);
    if (seen) return Promise.resolve(seen);
    return withDeadline(
      new Promise<ServerMessage>((resolve) => this.waiters.add({ accept, resolve })),
      what,
      ms,
    );
  }

  async subscribe(channel: string, auth?: string): Promise<ServerMessage> {
    this.send({ event: 'subscribe', channel, auth });
    return this.next(
      (m) => (m.event === 'subscribed' || m.event === 'subscription_error') && m.channel === channel,
      `answer to subscribe ${channel}`,
    );
  }

  pushes(event: string): ServerMessage[] {
    return this.received.filter((m) => m.event === event);
  }

  close(): void {
    this.socket.terminate();
  }
}

export function withDeadline<T>(promise: Promise<T>, what: string, ms = DEADLINE_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
