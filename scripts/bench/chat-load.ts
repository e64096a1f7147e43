/**
 * The chat bench's load generator, forked by chat.bench.ts so that it never runs on the server's event
 * loop. Every user opens a realtime socket on loopback and listens on their class chat's channel; then,
 * in each chat, its students take turns posting (open loop: the next post goes out on time even when the
 * last is unanswered) `POST /api/chat-messages` with their own message id, and every socket notes when
 * the message's `post-message` arrives. Reports one summary at the end.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

export interface ChatMember {
  userId: string;
  access: string;
  ws: string;
}
export interface BenchChat {
  chatId: string;
  /** Every participant: each one's socket listens; the students post. */
  members: ChatMember[];
  posters: ChatMember[];
}
export interface ChatLoadConfig {
  url: string;
  chats: BenchChat[];
  /** Measured seconds, after the warm-up. */
  seconds: number;
  warmupSeconds: number;
  /** Posts per second in each chat. */
  ratePerChat: number;
  /** How long after the last post a missing delivery is still waited for. */
  drainMs: number;
}
export interface ChatLoadResult {
  type: 'result';
  sockets: number;
  sent: number;
  /** Posts answered 201 whose answer came within the measured window (sent then). */
  acceptedInWindow: number;
  /** Posts sent in the measured window and answered 201, whenever the answer came. */
  acceptedMeasured: number;
  /** From the window's start to the last measured post's answer: the time the server took for them. */
  measuredSpanMs: number;
  errors: number;
  errorKinds: Record<string, number>;
  /** Post sent → its `post-message` on a participant's socket, one figure per (message, socket). */
  deliveryMs: number[];
  postAnswerMs: number[];
  deliveriesMissing: number;
  deliveriesTwice: number;
  socketsClosed: number;
  generatorCpuShare: number;
}

interface Sent {
  at: number;
  measured: boolean;
  expected: number;
  seen: Set<string>;
}

const sent = new Map<string, Sent>();
const deliveryMs: number[] = [];
let deliveriesTwice = 0;
let socketsClosed = 0;

process.once('message', (config: ChatLoadConfig) => {
  run(config).then(
    (result) => process.send!(result, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});

async function run(config: ChatLoadConfig): Promise<ChatLoadResult> {
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  // One socket per user (the teacher's listens on every chat of theirs).
  const channelsOf = new Map<string, { member: ChatMember; chats: string[] }>();
  for (const chat of config.chats)
    for (const member of chat.members) {
      const entry = channelsOf.get(member.userId) ?? { member, chats: [] };
      entry.chats.push(chat.chatId);
      channelsOf.set(member.userId, entry);
    }
  const users = [...channelsOf.values()];
  const sockets = await inPool(users, 32, ({ member, chats }) => listen(config.url, member, chats));
  console.error(`chat load: ${sockets.length} sockets listening on ${config.chats.length} chats`);

  const errorKinds: Record<string, number> = {};
  const postAnswerMs: number[] = [];
  let acceptedInWindow = 0;
  let acceptedMeasured = 0;
  let lastAnswer = 0;
  const start = performance.now();
  const measureFrom = start + config.warmupSeconds * 1000;
  const end = measureFrom + config.seconds * 1000;
  const posts: Promise<void>[] = [];
  await Promise.all(
    config.chats.map(async (chat, c) => {
      const every = 1000 / config.ratePerChat;
      // Chats start spread over one interval, so their posts do not all leave at once.
      let due = start + (every * c) / config.chats.length;
      for (let n = 0; due < end; n += 1, due += every) {
        await sleep(due - performance.now());
        const poster = chat.posters[n % chat.posters.length]!;
        const id = randomUUID();
        const at = performance.now();
        const measured = at >= measureFrom;
        sent.set(id, { at, measured, expected: chat.members.length, seen: new Set() });
        posts.push(
          post(config.url, agent, poster.access, {
            chat_id: chat.chatId,
            id,
            message: `Сообщение ${n}`,
          }).then((outcome) => {
            const answered = performance.now();
            if (outcome !== 'ok') {
              errorKinds[outcome] = (errorKinds[outcome] ?? 0) + 1;
              sent.delete(id);
              return;
            }
            if (!measured) return;
            postAnswerMs.push(answered - at);
            acceptedMeasured += 1;
            lastAnswer = Math.max(lastAnswer, answered);
            if (answered <= end) acceptedInWindow += 1;
          }),
        );
      }
    }),
  );
  await Promise.all(posts);
  // Deliveries still on their way: wait for them, up to the drain time.
  const missing = () =>
    [...sent.values()].reduce((n, s) => n + (s.measured ? s.expected - s.seen.size : 0), 0);
  const deadline = performance.now() + config.drainMs;
  while (missing() > 0 && performance.now() < deadline) await sleep(50);
  const deliveriesMissing = missing();
  for (const socket of sockets) socket.close();
  agent.destroy();
  const cpu = process.cpuUsage(cpuStart);
  return {
    type: 'result',
    sockets: sockets.length,
    sent: [...sent.values()].length + Object.values(errorKinds).reduce((a, b) => a + b, 0),
    acceptedInWindow,
    acceptedMeasured,
    measuredSpanMs: Math.max(end, lastAnswer) - measureFrom,
    errors: Object.values(errorKinds).reduce((a, b) => a + b, 0),
    errorKinds,
    deliveryMs,
    postAnswerMs,
    deliveriesMissing,
    deliveriesTwice,
    socketsClosed,
    generatorCpuShare: (cpu.user + cpu.system) / 1000 / (performance.now() - wallStart),
  };
}

/** Opens the user's socket, authenticates, and subscribes to each chat's channel with a signature. */
async function listen(url: string, member: ChatMember, chats: string[]): Promise<WebSocket> {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`);
  const waiting = new Map<string, (ok: boolean) => void>();
  let connected: (id: string) => void = () => undefined;
  const socketId = new Promise<string>((resolve) => (connected = resolve));
  socket.on('message', (raw) => {
    const message = JSON.parse(raw.toString()) as {
      event: string;
      channel?: string;
      data?: { socket_id?: string; message?: { id?: string } };
    };
    if (message.event === 'connected') connected(message.data?.socket_id ?? '');
    else if (message.event === 'subscribed' || message.event === 'subscription_error') {
      waiting.get(message.channel ?? '')?.(message.event === 'subscribed');
    } else if (message.event === 'post-message') {
      const id = message.data?.message?.id;
      const s = id ? sent.get(id) : undefined;
      if (!s) return;
      if (s.seen.has(member.userId)) deliveriesTwice += 1;
      else {
        s.seen.add(member.userId);
        if (s.measured) deliveryMs.push(performance.now() - s.at);
      }
    }
  });
  socket.on('close', () => (socketsClosed += 1));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ event: 'authenticate', token: member.ws }));
  const id = await withTimeout(socketId, 30_000, 'socket authentication');
  for (const chatId of chats) {
    const channel = `chat.${chatId}`;
    const response = await fetch(`${url}/broadcasting/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${member.access}` },
      body: JSON.stringify({ socket_id: id, channel_name: channel }),
    });
    if (!response.ok) throw new Error(`${member.userId} may not listen to ${channel}: ${response.status}`);
    const { auth } = (await response.json()) as { auth: string };
    const subscribed = new Promise<boolean>((resolve) => waiting.set(channel, resolve));
    socket.send(JSON.stringify({ event: 'subscribe', channel, auth }));
    if (!(await withTimeout(subscribed, 30_000, `subscription to ${channel}`)))
      throw new Error(`subscription to ${channel} refused`);
  }
  return socket;
}

function post(url: string, agent: http.Agent, token: string, body: object): Promise<string> {
  const text = JSON.stringify(body);
  return new Promise((resolve) => {
    const request = http.request(
      `${url}/api/chat-messages`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode === 201 ? 'ok' : `http_${response.statusCode}`));
      },
    );
    request.setTimeout(30_000, () => request.destroy(new Error('timeout')));
    request.on('error', (error) => resolve(error.message === 'timeout' ? 'http_timeout' : 'http_error'));
    request.end(text);
  });
}

async function inPool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
