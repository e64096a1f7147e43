import { randomUUID } from 'node:crypto';
import { createRegistry, type StoredEvent } from '@sabaq/events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  mockKafkaConsumerTuning,
  startMockKafka,
  type MockKafka,
} from '../../../../scripts/kafka/mock-kafka';
import { createTestDatabase } from '../../../../tests/support/databases';
import { actionEvents, attemptStream, everyEvent } from '../../../../tests/support/events';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store';
import type { EventLog } from '../ports/event-log';
import { loadCheckpoint } from '../read-models/checkpoints';
import { createReadModelDb, type ReadModelDb } from '../read-models/database';
import { migrateReadModels } from '../read-models/migrations';
import { KafkaEventLog } from './kafka-event-log';
import { EventRelay } from './relay';

describe('event relay: store → Kafka', () => {
  let kafka: MockKafka;
  let store: PostgresEventStore;
  let db: ReadModelDb;
  let log: KafkaEventLog;

  // A fresh broker and database per test: each test reads the whole topic and compares it to the whole store.
  beforeEach(async () => {
    kafka = await startMockKafka({ topics: [{ name: 'events.proctoring', partitions: 3 }] });
    const url = await createTestDatabase('relay');
    const registry = createRegistry();
    store = new PostgresEventStore({ connectionString: url, registry });
    await store.migrate();
    db = createReadModelDb(url);
    await migrateReadModels(db);
    log = new KafkaEventLog({ brokers: kafka.brokers, registry, consumer: mockKafkaConsumerTuning });
  });
  afterEach(async () => {
    await log.close();
    await store.close();
    await db.destroy();
    await kafka.stop();
  });

  async function appendSome(streams: number, perStream: number): Promise<void> {
    for (let i = 0; i < streams; i++) {
      const stream = attemptStream();
      await store.append(stream, actionEvents(stream, perStream));
    }
  }

  /** Everything on the topic, read by a group of its own. */
  async function readTopic(): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    const consumer = await log.consume({
      groupId: `audit-${randomUUID()}`,
      topics: ['proctoring'],
      handler: async (batch) => void events.push(...batch.map((d) => d.event)),
    });
    await consumer.caughtUp();
    await consumer.stop();
    return events;
  }

  async function expectTopicToMatchStore(): Promise<void> {
    const published = await readTopic();
    const stored = await store.readAll({ maxCount: 10_000 });
    expect(published.map((e) => e.id).sort()).toEqual(stored.map((e) => e.id).sort());
    for (const event of stored) {
      const ofStream = published.filter((e) => e.streamId === event.streamId).map((e) => e.streamPosition);
      expect(ofStream).toEqual([...ofStream.keys()]);
    }
  }

  it('publishes each batch once and then moves its checkpoint past exactly that batch', async () => {
    await appendSome(3, 3);
    const calls: { batch: StoredEvent[]; checkpointBefore: bigint | undefined }[] = [];
    const spy: EventLog = {
      kind: 'spy',
      publish: async (batch) => {
        calls.push({ batch, checkpointBefore: (await loadCheckpoint(db, 'relay'))?.position });
        await log.publish(batch);
      },
      consume: (options) => log.consume(options),
      close: async () => undefined,
    };
    const relay = new EventRelay({ store, db, log: spy, batchSize: 2 });
    await relay.start();
    await relay.caughtUp();
    await appendSome(1, 2);
    await relay.caughtUp();
    await relay.stop();

    expect(calls.flatMap((c) => c.batch.map((e) => e.id))).toEqual(
      (await everyEvent(store)).map((e) => e.id),
    );
    calls.forEach((call, i) => {
      expect(call.checkpointBefore).toBe(calls[i - 1]?.batch.at(-1)?.globalPosition);
    });
    expect((await loadCheckpoint(db, 'relay'))?.position).toBe(await store.headPosition());
    await expectTopicToMatchStore();
  });

  it('restarts from its checkpoint without publishing again what it already published', async () => {
    await appendSome(2, 3);
    const first = new EventRelay({ store, db, log });
    await first.start();
    await first.caughtUp();
    await first.stop();

    await appendSome(2, 2);
    const second = new EventRelay({ store, db, log });
    await second.start();
    await second.caughtUp();
    await second.stop();

    expect((await loadCheckpoint(db, 'relay'))?.position).toBe(await store.headPosition());
    await expectTopicToMatchStore();
  });

  it('keeps its checkpoint while the broker is unreachable and publishes the batch once it is back', async () => {
    await appendSome(2, 2);
    const errors: unknown[] = [];
    const checkpointsAtRetry: unknown[] = [];
    let unreachable = true;
    const flaky: EventLog = {
      kind: 'flaky',
      publish: async (batch) => {
        if (unreachable) {
          unreachable = false;
          throw new Error('broker unreachable');
        }
        checkpointsAtRetry.push(await loadCheckpoint(db, 'relay'));
        await log.publish(batch);
      },
      consume: (options) => log.consume(options),
      close: async () => undefined,
    };
    const relay = new EventRelay({ store, db, log: flaky, onError: (error) => errors.push(error) });
    await relay.start();
    await relay.caughtUp();
    await relay.stop();

    expect(errors).toEqual([new Error('broker unreachable')]);
    expect(checkpointsAtRetry).toEqual([undefined]);
    expect((await loadCheckpoint(db, 'relay'))?.position).toBe(await store.headPosition());
    await expectTopicToMatchStore();
  });
});
