import { createRegistry, type StoredEvent } from '@sabaq/events';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEventStoreContract } from '../../../../../tests/contracts/event-store.contract';
import { createTestDatabase } from '../../../../../tests/support/databases';
import { actionEvent, attemptStream } from '../../../../../tests/support/events';
import { PostgresEventStore } from './postgres-event-store';

describeEventStoreContract('PostgreSQL', async () => {
  const store = new PostgresEventStore({
    connectionString: await createTestDatabase('es'),
    registry: createRegistry(),
  });
  await store.migrate();
  return store;
});

describe('PostgreSQL event store: an append that commits late', () => {
  let url: string;
  let store: PostgresEventStore;
  beforeAll(async () => {
    url = await createTestDatabase('es_late');
    store = new PostgresEventStore({ connectionString: url, registry: createRegistry() });
    await store.migrate();
  });
  afterAll(async () => {
    await store.close();
  });

  it('holds readers before it rather than letting them skip it', async () => {
    const from = await store.headPosition();
    const slow = new pg.Client({ connectionString: url });
    await slow.connect();
    const slowStream = attemptStream();
    const slowEvent = actionEvent(slowStream);
    // Draws its position first, then stays uncommitted while a later append commits.
    await slow.query('BEGIN');
    await slow.query(`SELECT * FROM event_store.append_events($1, 'any', $2, $3, $4::jsonb[], $5::jsonb[])`, [
      slowStream,
      [slowEvent.id],
      [slowEvent.type],
      [JSON.stringify(createRegistry().validate(slowEvent).data)],
      [JSON.stringify({ schemaVersion: 1 })],
    ]);
    const fastStream = attemptStream();
    const fast = await store.append(fastStream, [actionEvent(fastStream)]);

    const delivered: StoredEvent[] = [];
    const subscription = store.subscribe({
      after: from,
      onBatch: async (batch) => void delivered.push(...batch),
    });
    // The later append is committed, but nothing is safe to read while the earlier one is open.
    expect(await store.readAll({ after: from })).toEqual([]);
    expect(await store.headPosition()).toBe(fast.lastGlobalPosition);

    await slow.query('COMMIT');
    await slow.end();
    await subscription.caughtUp();
    await subscription.stop();
    expect(delivered.map((e) => e.streamId)).toEqual([slowStream, fastStream]);
    expect(delivered[0]!.globalPosition < delivered[1]!.globalPosition).toBe(true);
  });

  it('draws positions in the order of transaction ids, under many concurrent appenders', async () => {
    await Promise.all(
      Array.from({ length: 16 }, async (_, writer) => {
        const stream = attemptStream();
        for (let i = 0; i < 15; i++) {
          if (writer % 2 === 0) {
            await store.append(stream, [actionEvent(stream), actionEvent(stream)]);
            continue;
          }
          const other = attemptStream();
          await store.appendMany([
            { streamId: stream, events: [actionEvent(stream)] },
            { streamId: other, events: [actionEvent(other), actionEvent(other)] },
          ]);
        }
      }),
    );
    const check = new pg.Client({ connectionString: url });
    await check.connect();
    try {
      // The invariant readers rely on: a later position never belongs to an older transaction.
      const { rows } = await check.query<{ inversions: string }>(
        `SELECT count(*) AS inversions FROM event_store.events a
           JOIN event_store.events b ON a.global_position < b.global_position AND a.tx_id > b.tx_id`,
      );
      expect(Number(rows[0]!.inversions)).toBe(0);
    } finally {
      await check.end();
    }
  });

  it('commits the batches of a many-append in one transaction with consecutive positions', async () => {
    const streams = Array.from({ length: 5 }, () => attemptStream());
    const outcomes = await store.appendMany(
      streams.map((streamId) => ({ streamId, events: [actionEvent(streamId)] })),
    );
    const check = new pg.Client({ connectionString: url });
    await check.connect();
    try {
      const { rows } = await check.query<{ tx_id: string; global_position: string }>(
        `SELECT tx_id::text, global_position FROM event_store.events WHERE stream_id = ANY ($1)
          ORDER BY global_position`,
        [streams],
      );
      expect(new Set(rows.map((r) => r.tx_id)).size).toBe(1);
      const positions = rows.map((r) => BigInt(r.global_position));
      expect(positions.map((p) => p - positions[0]!)).toEqual([0n, 1n, 2n, 3n, 4n]);
      expect(outcomes.map((o) => (o.outcome === 'appended' ? o.result.lastGlobalPosition : null))).toEqual(
        positions,
      );
    } finally {
      await check.end();
    }
  });

  it('settles many-appends racing to store the same ids in other streams: one stores, the other is refused', async () => {
    for (let round = 0; round < 10; round++) {
      const shared = [actionEvent(attemptStream()), actionEvent(attemptStream())];
      const [x, y, p, q] = Array.from({ length: 4 }, () => attemptStream());
      // The same two ids in opposite orders and streams, so the inserts would wait on each other.
      const [left, right] = await Promise.all([
        store.appendMany([
          { streamId: x!, events: [shared[0]!] },
          { streamId: y!, events: [shared[1]!] },
        ]),
        store.appendMany([
          { streamId: q!, events: [shared[1]!] },
          { streamId: p!, events: [shared[0]!] },
        ]),
      ]);
      const outcomes = [...left, ...right].map((o) => o.outcome).sort();
      expect(outcomes).toEqual(['appended', 'appended', 'idempotency_conflict', 'idempotency_conflict']);
      const versions = await Promise.all([x, y, p, q].map((stream) => store.streamVersion(stream!)));
      expect(versions.filter((v) => v === 0)).toHaveLength(2);
    }
  });

  it('answers reads of the same page asked together with one fresh read, each in its own array', async () => {
    const from = await store.headPosition();
    const stream = attemptStream();
    await store.append(stream, [actionEvent(stream), actionEvent(stream)]);
    const pages = await Promise.all(Array.from({ length: 5 }, () => store.readAll({ after: from })));
    expect(pages[0]!.map((e) => e.streamId)).toEqual([stream, stream]);
    for (const page of pages) expect(page).toEqual(pages[0]);
    expect(new Set(pages).size).toBe(5);
    pages[1]!.pop();
    expect(pages[0]).toHaveLength(2);
    const limited = await Promise.all([
      store.readAll({ after: from, maxCount: 1 }),
      store.readAll({ after: from }),
    ]);
    expect(limited.map((page) => page.length)).toEqual([1, 2]);
  });

  it('refuses to append inside a transaction that already wrote, where the order could not hold', async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const stream = attemptStream();
    const event = actionEvent(stream);
    try {
      await client.query('BEGIN');
      await client.query(`INSERT INTO event_store.streams (stream_id, version) VALUES ($1, -1)`, [stream]);
      const attempt = client.query(
        `SELECT * FROM event_store.append_events($1, 'any', $2, $3, $4::jsonb[], $5::jsonb[])`,
        [stream, [event.id], [event.type], [JSON.stringify(createRegistry().validate(event).data)], ['{}']],
      );
      await expect(attempt).rejects.toThrow('append_events must be the first write of its transaction');
    } finally {
      await client.query('ROLLBACK');
    }
    try {
      await client.query('BEGIN');
      await client.query(`INSERT INTO event_store.streams (stream_id, version) VALUES ($1, -1)`, [stream]);
      const many = client.query(
        `SELECT * FROM event_store.append_events_many($1, $2, $3, $4, $5, $6::jsonb[], $7::jsonb[])`,
        [
          [stream],
          ['any'],
          [1],
          [event.id],
          [event.type],
          [JSON.stringify(createRegistry().validate(event).data)],
          ['{}'],
        ],
      );
      await expect(many).rejects.toThrow('append_events_many must be the first write of its transaction');
    } finally {
      await client.query('ROLLBACK');
      await client.end();
    }
    expect(await store.streamVersion(stream)).toBe(-1);
  });
});

describe('PostgreSQL event store: one reader of the log per process', () => {
  it('reads the log about once per commit however many subscriptions follow it, each at its own pace', async () => {
    const url = await createTestDatabase('es_reader');
    const store = new PostgresEventStore({ connectionString: url, registry: createRegistry() });
    await store.migrate();
    const logReads = { count: 0 };
    const pool = (store as unknown as { pool: pg.Pool }).pool;
    const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
    (pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (...args) => {
      if (typeof args[0] === 'string' && args[0].includes('global_position >')) logReads.count += 1;
      return query(...args);
    };
    try {
      const from = await store.headPosition();
      const seen = Array.from({ length: 30 }, () => [] as string[]);
      const subscriptions = seen.map((list, i) =>
        store.subscribe({
          after: from,
          batchSize: 500,
          onBatch: async (batch) => {
            // Each at its own pace, as projections writing their read models are, so they drift apart.
            await new Promise((resolve) => setTimeout(resolve, (i % 10) * 3));
            list.push(...batch.map((e) => e.streamId));
          },
        }),
      );
      // Two writers at once, so that their transactions overlap as the group commit's do under load.
      const appends = { count: 0 };
      const streams = await Promise.all(
        Array.from({ length: 2 }, async () => {
          const mine: string[] = [];
          for (let i = 0; i < 30; i++) {
            const stream = attemptStream();
            mine.push(stream);
            await store.append(stream, [actionEvent(stream)]);
            appends.count += 1;
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
          return mine;
        }),
      ).then((lists) => lists.flat());
      await Promise.all(subscriptions.map((s) => s.caughtUp()));
      await Promise.all(subscriptions.map((s) => s.stop()));
      for (const list of seen) expect([...list].sort()).toEqual([...streams].sort());
      for (const list of seen) expect(list).toEqual(seen[0]);
      // One read per notice, and a few more for commits an overlapping append held back; thirty
      // subscriptions reading on their own would make thirty.
      expect(logReads.count).toBeLessThanOrEqual(appends.count * 1.5);
    } finally {
      await store.close();
    }
  });
});
