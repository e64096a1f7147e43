/**
 * `npm run bench -- ingest`: event-store append throughput and subscription lag.
 * Baselines measured in the same run on the same server: a raw multi-row INSERT of the same rows into
 * a plain table (throughput), and a raw INSERT + NOTIFY seen by a LISTEN client (lag floor).
 * The server is the embedded PostgreSQL with its durable production settings.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createRegistry, type NewEvent } from '@sabaq/events';
import pg from 'pg';
import { PostgresEventStore } from '../../services/src/platform/event-store/postgres/postgres-event-store';
import { startEmbeddedPostgres } from '../../services/src/platform/postgres/embedded-postgres';
import { hostInfo } from './host';
import { percentile, record, type Figure } from './record';

const TOTAL = Number(process.env.BENCH_EVENTS ?? 60_000);
const BATCH = 100;
const WRITERS = Number(process.env.BENCH_WRITERS ?? 4);
const LAG_RATE = 5_000;
const LAG_SECONDS = Number(process.env.BENCH_LAG_SECONDS ?? 10);

function action(attemptId: string, i: number): NewEvent {
  return {
    id: randomUUID(),
    type: 'ProctoringActionRecorded',
    data: {
      assignmentId: 'a1',
      attemptId,
      studentId: 's1',
      actionType: i % 3 === 0 ? 'focus_lost' : 'head_turned',
      isWarning: false,
      description: null,
    },
    metadata: { schoolId: 'school-1', occurredAt: new Date().toISOString() },
  };
}

async function timed(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sabaq-bench-'));
  const server = await startEmbeddedPostgres({ dataDir });
  await server.ensureDatabase('bench');
  const url = server.urlFor('bench');
  const raw = new pg.Pool({ connectionString: url, max: WRITERS + 2 });
  const store = new PostgresEventStore({
    connectionString: url,
    registry: createRegistry(),
    poolSize: WRITERS + 2,
  });
  await store.migrate();
  try {
    await raw.query(`CREATE TABLE raw_events (
      global_position bigserial PRIMARY KEY, event_id text NOT NULL, stream_id text NOT NULL,
      stream_position bigint NOT NULL, type text NOT NULL, data jsonb NOT NULL, metadata jsonb NOT NULL,
      recorded_at timestamptz NOT NULL DEFAULT now())`);

    const perWriter = TOTAL / WRITERS / BATCH;
    const rawSeconds = await timed(async () => {
      await Promise.all(
        Array.from({ length: WRITERS }, async (_, w) => {
          const attemptId = randomUUID();
          for (let b = 0; b < perWriter; b++) {
            const events = Array.from({ length: BATCH }, (_, i) => action(attemptId, i));
            const values: unknown[] = [];
            const rows = events.map((e, i) => {
              values.push(
                e.id,
                `proctoring-${attemptId}`,
                b * BATCH + i,
                e.type,
                JSON.stringify(e.data),
                JSON.stringify(e.metadata),
              );
              const o = i * 6;
              return `($${o + 1}, $${o + 2}, $${o + 3}, $${o + 4}, $${o + 5}, $${o + 6})`;
            });
            await raw.query(
              `INSERT INTO raw_events (event_id, stream_id, stream_position, type, data, metadata) VALUES ${rows.join(',')}`,
              values,
            );
          }
          return w;
        }),
      );
    });
    const storeSeconds = await timed(async () => {
      await Promise.all(
        Array.from({ length: WRITERS }, async () => {
          const attemptId = randomUUID();
          for (let b = 0; b < perWriter; b++) {
            await store.append(
              `proctoring-${attemptId}`,
              Array.from({ length: BATCH }, (_, i) => action(attemptId, i)),
            );
          }
        }),
      );
    });
    const rawRate = TOTAL / rawSeconds;
    const storeRate = TOTAL / storeSeconds;

    const storeLag = await measureStoreLag(store);
    const floorLag = await measureNotifyLag(url, raw);

    const figures: Figure[] = [
      metric('append_events_per_s', Math.round(storeRate), 'events/s', Math.round(rawRate)),
      metric('subscription_lag_p99_ms', round(storeLag.p99), 'ms', round(floorLag.p99)),
      metric('subscription_lag_p50_ms', round(storeLag.p50), 'ms', round(floorLag.p50)),
      metric('lag_test_rate', Math.round(storeLag.rate), 'events/s', LAG_RATE),
    ];
    record(figures, { ...hostInfo(), events: TOTAL, batch: BATCH, writers: WRITERS });
  } finally {
    await store.close();
    await raw.end();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function metric(name: string, value: number, unit: string, baseline: number): Figure {
  return {
    bench: 'ingest',
    metric: name,
    value,
    unit,
    baseline,
    ratio: baseline ? round(value / baseline) : null,
  };
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

/** Appends at LAG_RATE for LAG_SECONDS while a subscription reads; lag = delivery time − append start. */
async function measureStoreLag(
  store: PostgresEventStore,
): Promise<{ p50: number; p99: number; rate: number }> {
  const sentAt = new Map<string, number>();
  const lags: number[] = [];
  const subscription = store.subscribe({
    after: await store.headPosition(),
    onBatch: async (events) => {
      const now = performance.now();
      for (const event of events) {
        const at = sentAt.get(event.id);
        if (at !== undefined) lags.push(now - at);
      }
    },
  });
  const rate = await paced(async (count) => {
    const attemptId = randomUUID();
    const events = Array.from({ length: count }, (_, i) => action(attemptId, i));
    const now = performance.now();
    for (const event of events) sentAt.set(event.id, now);
    await store.append(`proctoring-${attemptId}`, events);
  });
  await subscription.caughtUp();
  await subscription.stop();
  return { p50: percentile(lags, 50), p99: percentile(lags, 99), rate };
}

/** The floor: a raw INSERT + pg_notify per batch, received by a LISTEN client, at the same rate. */
async function measureNotifyLag(url: string, raw: pg.Pool): Promise<{ p50: number; p99: number }> {
  const listener = new pg.Client({ connectionString: url });
  await listener.connect();
  await listener.query('LISTEN bench_floor');
  const sentAt = new Map<string, { at: number; count: number }>();
  const lags: number[] = [];
  listener.on('notification', (message) => {
    const sent = sentAt.get(message.payload ?? '');
    if (!sent) return;
    const lag = performance.now() - sent.at;
    for (let i = 0; i < sent.count; i++) lags.push(lag);
  });
  await paced(async (count) => {
    const batchId = randomUUID();
    sentAt.set(batchId, { at: performance.now(), count });
    const attemptId = randomUUID();
    const events = Array.from({ length: count }, (_, i) => action(attemptId, i));
    await raw.query(
      `WITH ins AS (INSERT INTO raw_events (event_id, stream_id, stream_position, type, data, metadata)
         SELECT id, $1, n, 'ProctoringActionRecorded', d, '{}'::jsonb
           FROM unnest($2::text[], $3::jsonb[]) WITH ORDINALITY AS t(id, d, n) RETURNING 1)
       SELECT pg_notify('bench_floor', $4) FROM (SELECT count(*) FROM ins) c`,
      [
        `proctoring-${attemptId}`,
        events.map((e) => e.id),
        events.map((e) => JSON.stringify(e.data)),
        batchId,
      ],
    );
  });
  const deadline = Date.now() + 5000;
  while (lags.length < LAG_RATE * LAG_SECONDS && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  await listener.end();
  return { p50: percentile(lags, 50), p99: percentile(lags, 99) };
}

/** Calls send every 20 ms with the number of events due to hold LAG_RATE; returns the achieved rate. */
async function paced(send: (count: number) => Promise<void>): Promise<number> {
  const tickMs = 20;
  const perTick = (LAG_RATE * tickMs) / 1000;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  let sent = 0;
  for (let tick = 0; tick < (LAG_SECONDS * 1000) / tickMs; tick++) {
    const due = started + tick * tickMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(send(perTick));
    sent += perTick;
    if (inFlight.length > 8) await inFlight.shift();
  }
  await Promise.all(inFlight);
  return sent / ((performance.now() - started) / 1000);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
