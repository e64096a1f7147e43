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
});
