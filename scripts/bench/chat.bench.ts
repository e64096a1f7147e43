/**
 * `npm run bench -- chat`: BENCH_USERS (1,000) students of the demo school in BENCH_CHATS (30) classes
 * of the demo teacher, each with a realtime socket on loopback listening on their class's chat (the
 * teacher's on all 30), while the students of each chat take turns posting BENCH_CHAT_RATE (1) messages a
 * second into it for BENCH_SECONDS (after a warm-up). Figures:
 * - messages/s sustained (the window's posts answered 201, over the time until the last answer), against the raw event-store append rate of
 *   single-event appends from 32 writers measured in the same run (no HTTP, no checks): the ceiling;
 * - delivery p99 / p50: from sending a post to its `post-message` on each participant's socket
 *   (target: p99 under 200 ms);
 * - the post's answer time, and errors: refused posts, deliveries missing or twice.
 * The load generator is a forked process (chat-load.ts), so it never runs on the server's loop.
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { NewEvent } from '@sabaq/events';
import { chatStream } from '../../services/src/contexts/chat/ids';
import { DEMO_SCHOOL_ID, demoUserId } from '../../services/src/contexts/identity/seed';
import { uuidV5 } from '../../services/src/platform/ids';
import { startEmbeddedPlatform } from '../../services/src/roles/embedded';
import type { BenchChat, ChatLoadConfig, ChatLoadResult, ChatMember } from './chat-load';
import { hostInfo } from './host';
import { inPool, registerBenchStudents, signIn } from './proctoring-setup';
import { percentile, record, type Figure } from './record';

const USERS = Number(process.env.BENCH_USERS ?? 1000);
const CHATS = Number(process.env.BENCH_CHATS ?? 30);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const RATE_PER_CHAT = Number(process.env.BENCH_CHAT_RATE ?? 1);
const BASELINE_SECONDS = Number(process.env.BENCH_BASELINE_SECONDS ?? 5);
const BASELINE_WRITERS = 32;
/** BENCH_RECORD=0: print the figures only (a trial run that must not replace the recorded one). */
const RECORD = process.env.BENCH_RECORD !== '0';
const say = (line: string) => console.error(`chat bench: ${line}`);

type Platform = Awaited<ReturnType<typeof startEmbeddedPlatform>>;

async function call(base: string, method: string, route: string, token: string, body?: unknown) {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as { entity?: { id: string } };
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(json)}`);
  return json.entity!;
}

/** The students registered as the demo seed registers its accounts, signed in, split over the classes. */
async function setUp(platform: Platform, caughtUp: () => Promise<void>): Promise<BenchChat[]> {
  const names = Array.from({ length: USERS }, (_, i) => `bench-chat-${String(i + 1).padStart(4, '0')}`);
  await registerBenchStudents(platform.store, names);
  await caughtUp();
  // Sign-in checks an argon2 hash: a few at a time keeps the machine's two cores for the server.
  const students: ChatMember[] = await inPool(names, 4, async (username) => ({
    userId: uuidV5(`bench-user:${username}`),
    ...(await signIn(platform.url, username)),
  }));
  say(`registered and signed in ${USERS} students`);
  const teacher: ChatMember = { userId: demoUserId('teacher'), ...(await signIn(platform.url, 'teacher')) };
  const chats: BenchChat[] = [];
  for (let c = 0; c < CHATS; c += 1) {
    const members = students.filter((_, i) => i % CHATS === c);
    const made = await call(platform.url, 'POST', '/api/classes', teacher.access, {
      name: `Чат-класс ${c + 1}`,
      students: members.map((m) => m.userId),
    });
    const chat = await call(platform.url, 'GET', `/api/classes/${made.id}/chat.json`, teacher.access);
    chats.push({ chatId: chat.id, members: [teacher, ...members], posters: members });
  }
  await caughtUp();
  say(`made ${CHATS} classes and their chats`);
  return chats;
}

/**
 * Single-event appends of a chat message from 32 writers, each to a stream of its own (no chat made, so
 * no checks, no read-model rows to join and no pushes): what the store alone takes, the ceiling of one
 * append per post.
 */
async function rawAppendRate(platform: Platform) {
  let appended = 0;
  const started = performance.now();
  const end = started + BASELINE_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: BASELINE_WRITERS }, async () => {
      const chatId = randomUUID();
      while (performance.now() < end) {
        const id = randomUUID();
        const event: NewEvent = {
          id,
          type: 'ChatMessagePosted',
          data: {
            id,
            chat_id: chatId,
            user_id: 'bench',
            recipient_id: null,
            parent_id: null,
            media_id: null,
            action: 'message',
            message: 'Сообщение',
            is_service: false,
            created_at: new Date().toISOString(),
          },
          metadata: { userId: 'bench', schoolId: DEMO_SCHOOL_ID },
        };
        await platform.store.append(chatStream(`raw-${chatId}-${appended}`), [event], {
          expectedVersion: 'any',
        });
        appended += 1;
      }
    }),
  );
  return appended / ((performance.now() - started) / 1000);
}

function runLoadProcess(config: ChatLoadConfig): Promise<ChatLoadResult> {
  const child = fork(path.join(import.meta.dirname, 'chat-load.ts'), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.on('message', (message: ChatLoadResult) => resolve(message));
    child.on('exit', (code) => reject(new Error(`load generator exited with ${code}`)));
    child.send(config);
  });
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sabaq-bench-chat-'));
  const loadAverage = os.loadavg()[0];
  const platform = await startEmbeddedPlatform({ dataDir, demo: true, logLevel: 'error' });
  const caughtUp = async () => platform.runner?.caughtUp();
  try {
    await caughtUp();
    const chats = await setUp(platform, caughtUp);
    const rawPerSecond = await rawAppendRate(platform);
    await caughtUp();
    say(`raw store appends: ${Math.round(rawPerSecond)}/s; now ${RATE_PER_CHAT}/s in each of ${CHATS} chats`);
    const result = await runLoadProcess({
      url: platform.url,
      chats,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      ratePerChat: RATE_PER_CHAT,
      drainMs: 15_000,
    });
    say(
      `errors by kind: ${JSON.stringify(result.errorKinds)}; deliveries missing: ${result.deliveriesMissing}`,
    );
    say(`load generator used ${Math.round(result.generatorCpuShare * 100)}% of one core`);
    // Sustained: the posts of the window over the time the server took to answer them all (a server that
    // falls behind answers after the window, and its rate is what it managed, not what was offered).
    const accepted = result.acceptedMeasured / (result.measuredSpanMs / 1000);
    const figures: Figure[] = [
      figure('messages_per_s', round(accepted), 'messages/s', Math.round(rawPerSecond)),
      figure('offered_messages_per_s', round(CHATS * RATE_PER_CHAT), 'messages/s', null),
      figure('delivery_p99_ms', round(percentile(result.deliveryMs, 99)), 'ms', 200),
      figure('delivery_p50_ms', round(percentile(result.deliveryMs, 50)), 'ms', null),
      figure('post_answer_p99_ms', round(percentile(result.postAnswerMs, 99)), 'ms', null),
      figure('errors', result.errors + result.deliveriesMissing + result.deliveriesTwice, 'count', null),
    ];
    const report = RECORD
      ? record
      : (lines: Figure[]) => lines.forEach((f) => console.log(JSON.stringify(f)));
    report(figures, {
      ...hostInfo(),
      users: USERS,
      chats: CHATS,
      sockets: result.sockets,
      seconds: SECONDS,
      rate_per_chat: RATE_PER_CHAT,
      load_avg_1m_at_start: round(loadAverage ?? 0),
      deliveries: result.deliveryMs.length,
      accepted_in_window: result.acceptedInWindow,
      measured_span_s: round(result.measuredSpanMs / 1000),
      deliveries_missing: result.deliveriesMissing,
      deliveries_twice: result.deliveriesTwice,
      sockets_closed: result.socketsClosed,
      generator_cpu_share: round(result.generatorCpuShare),
      post_errors: result.errorKinds,
    });
  } finally {
    await platform.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function figure(metric: string, value: number, unit: string, baseline: number | null): Figure {
  return { bench: 'chat', metric, value, unit, baseline, ratio: baseline ? round(value / baseline) : null };
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
