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
      Array.from({ length: 16 }, async () => {
        const stream = attemptStream();
        for (let i = 0; i < 15; i++) await store.append(stream, [actionEvent(stream), actionEvent(stream)]);
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
      await client.end();
    }
    expect(await store.streamVersion(stream)).toBe(-1);
  });
});
