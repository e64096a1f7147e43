/**
 * `npm run bench -- proctoring --distributed`: the proctoring load of proctoring.bench.ts against the
 * distributed topology's roles, each a separate OS process (distributed-roles.ts): api, persister,
 * projector and relay over librdkafka's mock Kafka cluster (every context's `ingest.` and `events.`
 * topic, BENCH_PARTITIONS partitions each), one embedded PostgreSQL, an S3 server and chdb. The event
 * store is the PostgreSQL adapter: KurrentDB, the topology's store, cannot run on this machine.
 *
 * The path an action takes: api (answers once Kafka has it) → `ingest.proctoring` → persister → event
 * store → projector (read model, the timeline) and relay (`events.proctoring`); the api's own push
 * feed reads the store's global log and sends ActionRecorded to the proctor's socket, and the
 * projector's TimelineChanged reaches the api by PostgreSQL NOTIFY (docs/realtime.md).
 * Figures, as the embedded bench's: accepted actions/s against the raw store append rate of the same
 * run, timeline lag, fan-out, answer times and errors; and, the distributed path's own: the relay's lag
 * (answer → the event read back from `events.proctoring`) and the CPU each role process used per action.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createRegistry } from '@sabaq/events';
import { mockKafkaConsumerTuning, startMockKafka, type MockKafka } from '../kafka/mock-kafka';
import { PostgresEventStore } from '../../services/src/platform/event-store/postgres/postgres-event-store';
import { eventTopic, ingestTopic } from '../../services/src/platform/log/kafka-client';
import { KafkaEventLog } from '../../services/src/platform/log/kafka-event-log';
import { startS3Server, type RunningS3Server } from '../../services/src/platform/objects/s3-server';
import type { LogConsumer } from '../../services/src/platform/ports/event-log';
import {
  startEmbeddedPostgres,
  takeOverShutdownSignals,
  type RunningPostgres,
} from '../../services/src/platform/postgres/embedded-postgres';
import { createReadModelDb, type ReadModelDb } from '../../services/src/platform/read-models/database';
import { RoleProcesses, type RoleName } from './distributed-roles';
import { hostInfo } from './host';
import { postgresCpuBetween, postgresCpuMs } from './proctoring-cpu';
import type { Sample } from './proctoring-load';
import { knob, rawAppendRate, rawManyAppendRate, runLoadProcess, timelineWatch } from './proctoring-common';
import { setUpExam } from './proctoring-setup';
import { percentile, record, type Figure } from './record';

const STUDENTS = Math.round(knob('students', 1000));
const SECONDS = knob('seconds', 30);
const WARMUP_SECONDS = knob('warmup-seconds', 5);
const WS_SHARE = knob('ws-share', 0.5);
const SAMPLE_EVERY = knob('sample-every', 10);
const BASELINE_SECONDS = knob('baseline-seconds', 5);
/** Partitions of every topic (compose's KAFKA_PARTITIONS is 12; fewer keep the mock cluster's work down). */
const PARTITIONS = Math.round(knob('partitions', 6));
/** Start-up of four role processes on a loaded machine: loading the code dominates. */
const ROLE_START_MS = knob('role-start-seconds', 300) * 1000;
const ROLES: readonly RoleName[] = ['api', 'persister', 'projector', 'relay'];
const EVENT_STORE_NOTE = 'postgres (the topology uses KurrentDB, which cannot run on this machine)';

const RECORD = process.env.BENCH_RECORD !== '0' && !process.argv.includes('--no-record');
const say = (line: string) => console.error(`proctoring bench (distributed): ${line}`);

/** The running parts, stopped in reverse order of start by `stopAll`. */
interface Parts {
  postgres?: RunningPostgres;
  kafka?: MockKafka;
  s3?: RunningS3Server;
  roles?: RoleProcesses;
  store?: PostgresEventStore;
  db?: ReadModelDb;
  relayWatch?: LogConsumer;
  relayLog?: KafkaEventLog;
  load?: ChildProcess;
}

export async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sabaq-bench-distributed-'));
  const parts: Parts = {};
  let stopping: Promise<void> | undefined;
  const stopAll = () => (stopping ??= stopParts(parts, dataDir));
  // Ctrl-C: the roles and the cluster run in process groups of their own, so only this process hears it
  // (and the forked load generator, which simply ends); it stops the roles first, then their back ends.
  takeOverShutdownSignals();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      say(`${signal}: stopping the roles and the back ends`);
      void stopAll().finally(() => process.exit(130));
    });
  }
  try {
    await run(parts, dataDir);
  } finally {
    await stopAll();
  }
}

async function run(parts: Parts, dataDir: string): Promise<void> {
  const loadAverage = os.loadavg()[0] ?? 0;
  const registry = createRegistry();
  const contexts = registry.contexts();
  const s3Keys = { accessKey: 'bench-distributed', secretKey: randomBytes(12).toString('hex') };
  // The back ends start side by side; each is kept in `parts` as soon as it runs, and all are waited
  // for before a failure of one is thrown, so that the stop finds every one that started.
  const backEnds = await Promise.allSettled([
    (async () => {
      parts.postgres = await startEmbeddedPostgres({ dataDir });
      takeOverShutdownSignals();
      await parts.postgres.ensureDatabase('sabaq');
    })(),
    (async () => {
      parts.kafka = await startMockKafka({
        topics: contexts.flatMap((c) => [
          { name: ingestTopic(c), partitions: PARTITIONS },
          { name: eventTopic(c), partitions: PARTITIONS },
        ]),
        ownProcessGroup: true,
      });
    })(),
    (async () => {
      parts.s3 = await startS3Server({ dataDir: path.join(dataDir, 's3'), ...s3Keys });
    })(),
  ]);
  for (const outcome of backEnds) if (outcome.status === 'rejected') throw outcome.reason;
  const databaseUrl = parts.postgres!.urlFor('sabaq');
  const kafka = parts.kafka!;
  const s3 = parts.s3!;
  say(`data in ${dataDir}`);
  say(
    `PostgreSQL, mock Kafka (${contexts.length} contexts × 2 topics × ${PARTITIONS} partitions) and S3 up; ` +
      `event store: ${EVENT_STORE_NOTE}; starting ${ROLES.join(', ')} as separate processes`,
  );
  const env: Record<string, string> = {
    LOG_LEVEL: process.env.BENCH_ROLE_LOG_LEVEL ?? 'error',
    // The bench signs in as the demo teacher and proctor; the demo's past exams are not needed.
    DEMO: '1',
    DEMO_HISTORY: '0',
    EVENT_STORE: 'postgres',
    DATABASE_URL: databaseUrl,
    LOG: 'kafka',
    KAFKA_BROKERS: kafka.brokers.join(','),
    KAFKA_SESSION_TIMEOUT_MS: String(mockKafkaConsumerTuning.sessionTimeout),
    KAFKA_HEARTBEAT_MS: String(mockKafkaConsumerTuning.heartbeatInterval),
    KAFKA_MAX_WAIT_MS: String(mockKafkaConsumerTuning.maxWaitTimeInMs),
    S3_ENDPOINT: s3.url,
    S3_ACCESS_KEY: s3Keys.accessKey,
    S3_SECRET_KEY: s3Keys.secretKey,
    // One key for every api replica's channel signatures, as compose's .env gives them.
    REALTIME_SECRET: randomBytes(32).toString('hex'),
  };
  // ANALYTICS_URL unset: each role has chdb in-process under its own DATA_DIR.
  const roles = (parts.roles = new RoleProcesses(env, dataDir, say));
  const rolesStarted = performance.now();
  await roles.start(ROLES, ROLE_START_MS);
  say(`roles healthy after ${Math.round((performance.now() - rolesStarted) / 1000)} s`);
  const apiUrl = roles.url('api');

  const store = (parts.store = new PostgresEventStore({ connectionString: databaseUrl, registry }));
  const db = (parts.db = createReadModelDb(databaseUrl));
  const caughtUp = () => projectorCaughtUp(roles, store);
  await caughtUp();
  const exam = await setUpExam(apiUrl, store, STUDENTS, caughtUp, say);

  const many = await rawManyAppendRate(store, exam, BASELINE_SECONDS);
  await caughtUp();
  const raw = await rawAppendRate(store, exam, BASELINE_SECONDS);
  await caughtUp();
  say(
    `raw store appends: ${Math.round(raw.perSecond)}/s single, ${Math.round(many.perSecond)}/s in ` +
      `many-appends of ${Math.min(200, STUDENTS)}; now ${STUDENTS} students for ${SECONDS} s`,
  );

  parts.relayLog = new KafkaEventLog({
    brokers: kafka.brokers,
    registry,
    clientId: 'bench-relay-watch',
    consumer: mockKafkaConsumerTuning,
  });
  const relayedAt = new Map<string, number>();
  parts.relayWatch = await parts.relayLog.consume({
    groupId: `bench-relay-watch-${randomUUID()}`,
    topics: ['proctoring'],
    handler: async (batch) => {
      const now = Date.now();
      for (const delivery of batch)
        if (!relayedAt.has(delivery.event.id)) relayedAt.set(delivery.event.id, now);
    },
  });

  const watch = timelineWatch(db);
  const samples: Sample[] = [];
  const cpuBefore = { roles: roleCpu(roles), postgres: postgresCpuMs() };
  const result = await runLoadProcess(
    {
      url: apiUrl,
      exam,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      wsShare: WS_SHARE,
      sampleEvery: SAMPLE_EVERY,
      httpSockets: Math.max(1, STUDENTS - Math.round(STUDENTS * WS_SHARE)),
    },
    (sample) => {
      samples.push(sample);
      watch.add(sample);
    },
    (child) => {
      parts.load = child;
    },
  );
  const cpuAfter = { roles: roleCpu(roles), postgres: postgresCpuMs() };
  const timeline = await watch.finish(15_000);
  const relayLags = await relayLagsOf(samples, relayedAt, 15_000);
  say(`errors by kind: ${JSON.stringify(result.errorKinds)}; pushes missing: ${result.pushesMissing}`);
  say(`load generator used ${Math.round(result.generatorCpuShare * 100)}% of one core`);

  const accepted = Math.max(1, result.acceptedTotal);
  const postgresCpu = postgresCpuBetween(cpuBefore.postgres, cpuAfter.postgres);
  const acceptedPerSecond = result.acceptedInWindow / SECONDS;
  const figures: Figure[] = [
    figure('accepted_actions_per_s', acceptedPerSecond, 'actions/s', Math.round(raw.perSecond)),
    figure('accepted_vs_many_append_per_s', acceptedPerSecond, 'actions/s', Math.round(many.perSecond)),
    figure('offered_actions_per_s', result.sent / SECONDS, 'actions/s', STUDENTS),
    // Every action sent in the window, against those accepted: equal when nothing was refused or lost.
    figure('accepted_actions', result.accepted, 'count', result.sent),
    figure('timeline_lag_p99_ms', percentile(timeline.lags, 99), 'ms', 1000),
    figure('timeline_lag_p50_ms', percentile(timeline.lags, 50), 'ms', null),
    figure('fanout_p99_ms', percentile(result.fanoutMs, 99), 'ms', null),
    figure('fanout_p50_ms', percentile(result.fanoutMs, 50), 'ms', null),
    figure('relay_lag_p99_ms', percentile(relayLags.lags, 99), 'ms', null),
    figure('relay_lag_p50_ms', percentile(relayLags.lags, 50), 'ms', null),
    figure('http_answer_p99_ms', percentile(result.httpAnswerMs, 99), 'ms', null),
    figure('ws_ack_p99_ms', percentile(result.wsAckMs, 99), 'ms', null),
    figure(
      'errors',
      result.errors + result.pushesMissing + timeline.missing + relayLags.missing,
      'count',
      null,
    ),
    ...ROLES.map((role) =>
      figure(
        `${role}_cpu_ms_per_action`,
        (cpuAfter.roles[role]! - cpuBefore.roles[role]!) / accepted,
        'ms',
        null,
      ),
    ),
    ...(postgresCpu === null
      ? []
      : [figure('postgres_cpu_ms_per_action', postgresCpu / accepted, 'ms', null)]),
  ];
  // A percentile of nothing is no figure: left out and named, as the embedded bench does.
  const empty: Record<string, number[]> = {
    timeline_lag: timeline.lags,
    fanout: result.fanoutMs,
    relay_lag: relayLags.lags,
    http_answer: result.httpAnswerMs,
    ws_ack: result.wsAckMs,
  };
  const unmeasured = Object.keys(empty).filter((name) => empty[name]!.length === 0);
  const measured = figures.filter((f) => !unmeasured.some((name) => f.metric.startsWith(`${name}_`)));
  const report = RECORD ? record : (lines: Figure[]) => lines.forEach((f) => console.log(JSON.stringify(f)));
  report(measured, {
    unmeasured,
    ...hostInfo(),
    topology: `${ROLES.join(', ')} as separate processes; mock Kafka, ${PARTITIONS} partitions per topic`,
    event_store: EVENT_STORE_NOTE,
    students: STUDENTS,
    seconds: SECONDS,
    ws_share: WS_SHARE,
    load_avg_1m_at_start: round(loadAverage),
    timeline_samples: timeline.lags.length,
    timeline_missing: timeline.missing,
    relay_missing: relayLags.missing,
    pushes_missing: result.pushesMissing,
    proctor_dropped: result.proctorDropped,
    generator_cpu_share: round(result.generatorCpuShare),
    answer_errors: result.errorKinds,
  });
}

/** Stops what started, the roles before the back ends they use; every step runs even if one fails. */
async function stopParts(parts: Parts, dataDir: string): Promise<void> {
  const steps: [string, (() => Promise<unknown>) | undefined][] = [
    ['load generator', parts.load && (async () => void parts.load!.kill('SIGKILL'))],
    ['relay watcher', parts.relayWatch && (() => parts.relayWatch!.stop())],
    ['relay watcher log', parts.relayLog && (() => parts.relayLog!.close())],
    ['roles', parts.roles && (() => parts.roles!.stop())],
    ['read models', parts.db && (() => parts.db!.destroy())],
    ['event store', parts.store && (() => parts.store!.close())],
    ['Kafka', parts.kafka && (() => parts.kafka!.stop())],
    ['S3', parts.s3 && (() => parts.s3!.stop())],
    ['PostgreSQL', parts.postgres && (() => parts.postgres!.stop())],
    ['data', () => rm(dataDir, { recursive: true, force: true })],
  ];
  for (const [name, step] of steps) {
    if (!step) continue;
    await step().catch((error: unknown) => say(`stopping ${name} failed: ${String(error)}`));
  }
}

/** Waits until every projection in the projector's /health has passed the store's head at the call. */
async function projectorCaughtUp(roles: RoleProcesses, store: PostgresEventStore): Promise<void> {
  const head = await store.headPosition();
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { projections } = await roles.health('projector');
    if (projections.length > 0 && projections.every((p) => BigInt(p.position) >= head)) return;
    if (Date.now() > deadline) {
      const behind = projections.filter((p) => BigInt(p.position) < head).map((p) => p.name);
      throw new Error(`projections still behind ${head} after 120 s: ${behind.join(', ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function roleCpu(roles: RoleProcesses): Record<string, number> {
  return Object.fromEntries(ROLES.map((role) => [role, roles.cpuMs(role)]));
}

/** The relay's lag of each sampled action (answer → read back from Kafka), waiting up to `ms` for the last. */
async function relayLagsOf(samples: Sample[], relayedAt: Map<string, number>, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && !samples.every((s) => relayedAt.has(s.id))) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const lags = samples.flatMap((s) => {
    const at = relayedAt.get(s.id);
    return at === undefined ? [] : [at - s.answeredAt];
  });
  return { lags, missing: samples.length - lags.length };
}

function figure(metric: string, value: number, unit: string, baseline: number | null): Figure {
  return {
    bench: 'proctoring-distributed',
    metric,
    value: round(value),
    unit,
    baseline,
    ratio: baseline ? round(value / baseline) : null,
  };
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
