/**
 * The proctoring bench's load generator, forked by proctoring.bench.ts so that it never runs on the
 * server's event loop. Every simulated student sends one action a second (open loop: the next one goes
 * out on time even when the last is unanswered), over HTTP (`POST /api/assignment/actions` on a
 * keep-alive pool) or over the realtime socket (`proctoring.actions`); the demo proctor's socket listens
 * on the assignment's channel. Reports each sampled action's answer time to the parent (which watches the
 * read model for it) and, at the end, one summary.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { telemetryEventId } from '../../services/src/contexts/proctoring/ingest/record-actions';
import type { BenchExam, BenchStudent } from './proctoring-setup';

export interface LoadConfig {
  url: string;
  exam: BenchExam;
  /** Measured seconds, after the warm-up. */
  seconds: number;
  warmupSeconds: number;
  /** Share of the students that send over the socket; the rest POST. */
  wsShare: number;
  /** Every n-th measured action's answer is reported for the timeline lag. */
  sampleEvery: number;
  /** Keep-alive connections of the HTTP students; one each, as each browser holds its own. */
  httpSockets: number;
}
export interface Sample {
  type: 'sample';
  id: string;
  answeredAt: number;
}
export interface LoadResult {
  type: 'result';
  sent: number;
  accepted: number;
  /** Every accepted action, warm-up and drain included. */
  acceptedTotal: number;
  /** Actions accepted with their answer within the measured window (sent then or before). */
  acceptedInWindow: number;
  errors: number;
  errorKinds: Record<string, number>;
  httpAnswerMs: number[];
  wsAckMs: number[];
  fanoutMs: number[];
  pushesMissing: number;
  proctorDropped: boolean;
  /** How the proctor's socket was closed during the run (code, reason, seconds after the start). */
  proctorClose?: string;
  /** CPU the generator itself used over the run, as a share of one core: near 1, it is the bottleneck. */
  generatorCpuShare: number;
}

/** Violations a detector reports while they last, and the warnings a browser sends. */
const TYPES = ['head_turned', 'face_missing', 'focus_lost', 'eye_away', 'fullscreen_lost', 'noise'];

interface Sent {
  id: string;
  at: number;
  measured: boolean;
}

export async function runLoad(config: LoadConfig, report: (sample: Sample) => void): Promise<LoadResult> {
  const base = new URL(config.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: config.httpSockets });
  const pushedAt = new Map<string, number>();
  const proctor = await openSocket(config.url, config.exam.proctor.ws);
  let proctorClose: string | undefined;
  const openedAt = performance.now();
  proctor.socket.on('close', (code, reason) => {
    const after = ((performance.now() - openedAt) / 1000).toFixed(1);
    proctorClose = `${code}${reason.length ? ` ${reason.toString()}` : ''} after ${after} s`;
  });
  proctor.socket.on('message', (raw) => {
    const message = JSON.parse(raw.toString()) as { event: string; data?: { id?: string } };
    if (message.event === 'ActionRecorded' && message.data?.id)
      pushedAt.set(message.data.id, performance.now());
  });
  await subscribeProctor(config, proctor);

  const wsCount = Math.round(config.exam.students.length * config.wsShare);
  const overSocket = new Map<BenchStudent, OpenSocket>();
  for (const student of config.exam.students.slice(0, wsCount)) {
    overSocket.set(student, await openSocket(config.url, student.ws));
  }

  const result: LoadResult = {
    type: 'result',
    sent: 0,
    accepted: 0,
    acceptedTotal: 0,
    acceptedInWindow: 0,
    errors: 0,
    errorKinds: {},
    httpAnswerMs: [],
    wsAckMs: [],
    fanoutMs: [],
    pushesMissing: 0,
    proctorDropped: false,
    generatorCpuShare: 0,
  };
  const cpuAtStart = process.cpuUsage();
  const accepted: Sent[] = [];
  let outstanding = 0;
  let measuredOutstanding = 0;
  let measuredCount = 0;
  const started = performance.now();
  const windowStart = started + config.warmupSeconds * 1000;
  const windowEnd = windowStart + config.seconds * 1000;
  const fail = (kind: string) => {
    result.errors += 1;
    result.errorKinds[kind] = (result.errorKinds[kind] ?? 0) + 1;
  };

  function sendOne(student: BenchStudent, index: number, n: number): void {
    const clientId = `b${index}-${n}`;
    const action = {
      id: clientId,
      assignment_id: config.exam.assignmentId,
      assignment_attempt_id: student.attemptId,
      action_type: TYPES[(index + Math.floor(n / 5)) % TYPES.length],
    };
    const sent: Sent = {
      id: telemetryEventId('action', student.attemptId, clientId, () => ''),
      at: performance.now(),
      measured: false,
    };
    sent.measured = sent.at >= windowStart && sent.at < windowEnd;
    const sample = sent.measured && measuredCount++ % config.sampleEvery === 0;
    if (sent.measured) result.sent += 1;
    outstanding += 1;
    if (sent.measured) measuredOutstanding += 1;
    const socket = overSocket.get(student);
    const answer = socket
      ? socket.request(clientId, action)
      : postAction(base, agent, student.access, action);
    void answer.then((outcome) => {
      outstanding -= 1;
      if (sent.measured) measuredOutstanding -= 1;
      const answeredAt = performance.now();
      if (outcome === 'ok') result.acceptedTotal += 1;
      // Throughput counts answers within the window, whenever their action was sent.
      if (outcome === 'ok' && answeredAt >= windowStart && answeredAt < windowEnd)
        result.acceptedInWindow += 1;
      if (!sent.measured) return;
      if (outcome !== 'ok') return fail(outcome);
      result.accepted += 1;
      (socket ? result.wsAckMs : result.httpAnswerMs).push(answeredAt - sent.at);
      accepted.push(sent);
      if (sample) report({ type: 'sample', id: sent.id, answeredAt: Date.now() });
    });
  }

  const timers: NodeJS.Timeout[] = [];
  config.exam.students.forEach((student, index) => {
    let n = 0;
    // Students started their exams at different moments: their seconds do not tick together.
    const phase = Math.random() * 1000;
    timers.push(
      setTimeout(() => {
        sendOne(student, index, n++);
        timers.push(setInterval(() => sendOne(student, index, n++), 1000));
      }, phase),
    );
  });
  await sleep(windowEnd - performance.now());
  for (const timer of timers) clearInterval(timer);
  await until(() => outstanding === 0, 20_000);
  // Still unanswered 20 s after the end: the server fell that far behind.
  for (let i = 0; i < measuredOutstanding; i++) fail('unanswered');
  await until(() => accepted.every((a) => pushedAt.has(a.id)), 10_000);

  for (const action of accepted) {
    const at = pushedAt.get(action.id);
    if (at === undefined) result.pushesMissing += 1;
    else result.fanoutMs.push(at - action.at);
  }
  result.proctorDropped = proctorClose !== undefined;
  result.proctorClose = proctorClose;
  const cpu = process.cpuUsage(cpuAtStart);
  result.generatorCpuShare = (cpu.user + cpu.system) / 1000 / (performance.now() - started);
  for (const socket of [proctor, ...overSocket.values()]) socket.socket.terminate();
  agent.destroy();
  return result;
}

type Outcome = 'ok' | string;

function postAction(base: URL, agent: http.Agent, token: string, action: object): Promise<Outcome> {
  const body = JSON.stringify(action);
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: base.hostname,
        port: base.port,
        path: '/api/assignment/actions',
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
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
    request.end(body);
  });
}

interface OpenSocket {
  socket: WebSocket;
  socketId: string;
  request(ref: string, action: object): Promise<Outcome>;
}

async function openSocket(url: string, wsToken: string): Promise<OpenSocket> {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`);
  const waiting = new Map<string, (outcome: Outcome) => void>();
  let connected: (id: string) => void = () => undefined;
  const socketId = new Promise<string>((resolve) => (connected = resolve));
  socket.on('message', (raw) => {
    const message = JSON.parse(raw.toString()) as {
      event: string;
      ref?: string;
      status_code?: number;
      data?: { socket_id?: string };
    };
    if (message.event === 'connected') connected(message.data?.socket_id ?? '');
    if ((message.event === 'proctoring.ack' || message.event === 'proctoring.error') && message.ref) {
      const resolve = waiting.get(message.ref);
      waiting.delete(message.ref);
      resolve?.(message.event === 'proctoring.ack' ? 'ok' : `ws_${message.status_code}`);
    }
  });
  socket.on('close', () => {
    for (const resolve of waiting.values()) resolve('ws_closed');
    waiting.clear();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ event: 'authenticate', token: wsToken }));
  return {
    socket,
    socketId: await withTimeout(socketId, 10_000, 'socket authentication'),
    request(ref, action) {
      if (socket.readyState !== WebSocket.OPEN) return Promise.resolve('ws_closed');
      return new Promise((resolve) => {
        waiting.set(ref, resolve);
        socket.send(JSON.stringify({ event: 'proctoring.actions', ref, actions: [action] }));
      });
    },
  };
}

async function subscribeProctor(config: LoadConfig, proctor: OpenSocket): Promise<void> {
  const channel = `assignment.${config.exam.assignmentId}`;
  const response = await fetch(`${config.url}/broadcasting/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${config.exam.proctor.access}` },
    body: JSON.stringify({ socket_id: proctor.socketId, channel_name: channel }),
  });
  if (!response.ok) throw new Error(`proctor may not listen: ${response.status}`);
  const { auth } = (await response.json()) as { auth: string };
  const subscribed = new Promise<void>((resolve, reject) => {
    proctor.socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as { event: string; channel?: string };
      if (message.channel !== channel) return;
      if (message.event === 'subscribed') resolve();
      if (message.event === 'subscription_error') reject(new Error('proctor subscription refused'));
    });
  });
  proctor.socket.send(JSON.stringify({ event: 'subscribe', channel, auth }));
  await withTimeout(subscribed, 10_000, 'proctor subscription');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

async function until(done: () => boolean, ms: number): Promise<void> {
  const deadline = performance.now() + ms;
  while (!done() && performance.now() < deadline) await sleep(50);
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

// Forked by the bench: the configuration comes over IPC, samples and the result go back the same way.
if (process.send) {
  const send = process.send.bind(process);
  process.once('message', (config: LoadConfig) => {
    runLoad(config, (sample) => send(sample))
      .then((result) => send(result, () => process.exit(0)))
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  });
}
