import { randomUUID } from 'node:crypto';
import {
  createRegistry,
  InvalidEventPayloadError,
  UnknownEventTypeError,
  type NewEvent,
} from '@sabaq/events';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  mockKafkaConsumerTuning,
  startMockKafka,
  type MockKafka,
} from '../../../../scripts/kafka/mock-kafka';
import { createTestDatabase } from '../../../../tests/support/databases';
import { actionEvent, actionEvents, attemptStream } from '../../../../tests/support/events';
import { ValidationError } from '../errors';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store';
import { createKafka, LazyProducer } from '../log/kafka-client';
import type { LogSink } from '../log/log-sink';
import type { AppendBatch, EventStore } from '../ports/event-store';
import { KafkaTelemetryIngest } from './kafka-telemetry-ingest';
import { TelemetryPersister, type TelemetryPersisterOptions } from './telemetry-persister';

describe('telemetry through Kafka: ingest → persister → store', () => {
  const registry = createRegistry();
  let store: PostgresEventStore;
  let kafka: MockKafka;
  let ingest: KafkaTelemetryIngest;
  const running: TelemetryPersister[] = [];

  beforeAll(async () => {
    store = new PostgresEventStore({ connectionString: await createTestDatabase('ingest'), registry });
    await store.migrate();
  });
  afterAll(async () => {
    await store.close();
  });
  // A fresh broker per test, so each persister group sees only what its test produced.
  beforeEach(async () => {
    kafka = await startMockKafka({ topics: [{ name: 'ingest.proctoring', partitions: 3 }] });
    ingest = new KafkaTelemetryIngest({ brokers: kafka.brokers, registry });
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((persister) => persister.stop()));
    await ingest.close();
    await kafka.stop();
  });

  async function startPersister(
    options: Partial<TelemetryPersisterOptions> = {},
  ): Promise<TelemetryPersister> {
    const persister = new TelemetryPersister({
      brokers: kafka.brokers,
      store,
      contexts: ['proctoring'],
      consumer: mockKafkaConsumerTuning,
      ...options,
    });
    await persister.start();
    running.push(persister);
    return persister;
  }

  const ids = (events: { id: string }[]) => events.map((e) => e.id);

  it('persists submitted telemetry once per event id, however often it is submitted', async () => {
    const persister = await startPersister({ groupId: `persister-${randomUUID()}` });
    const attempt = attemptStream();
    const other = attemptStream();
    const batch = actionEvents(attempt, 3);
    await ingest.submit(attempt, batch);
    await ingest.submit(other, actionEvents(other, 2));
    await ingest.submit(attempt, batch);
    await persister.caughtUp();
    expect(ids(await store.readStream(attempt))).toEqual(ids(batch));

    // Retries after the first copies were stored, one of which grew: an event already stored, one new.
    const later = actionEvent(attempt);
    await ingest.submit(attempt, batch);
    await ingest.submit(attempt, [batch[2]!, later]);
    await persister.caughtUp();
    expect(ids(await store.readStream(attempt))).toEqual(ids([...batch, later]));
    expect(await store.readStream(other)).toHaveLength(2);
  });

  it('refuses invalid telemetry at submit with the same typed errors as the store', async () => {
    const attempt = attemptStream();
    const invalid = actionEvent(attempt, { actionType: 'Not A Type!' });
    await expect(ingest.submit(attempt, [invalid])).rejects.toBeInstanceOf(InvalidEventPayloadError);
    await expect(
      ingest.submit(attempt, [{ ...actionEvent(attempt), type: 'NoSuchEvent' }]),
    ).rejects.toBeInstanceOf(UnknownEventTypeError);
    await expect(ingest.submit('not a stream', [actionEvent(attempt)])).rejects.toBeInstanceOf(
      ValidationError,
    );
  });

  it('carries many concurrent submits, grouped into few requests, each stream in the order submitted', async () => {
    const persister = await startPersister({ groupId: `persister-${randomUUID()}` });
    const streams = Array.from({ length: 10 }, () => attemptStream());
    const byStream = new Map(streams.map((stream) => [stream, [] as NewEvent[]]));
    // 300 submits at once, as a loaded api makes them: they queue behind the request in flight.
    const requests = vi.spyOn(LazyProducer.prototype, 'send');
    const submits: Promise<void>[] = [];
    for (let i = 0; i < 300; i++) {
      const stream = streams[i % streams.length]!;
      const event = actionEvent(stream);
      byStream.get(stream)!.push(event);
      submits.push(ingest.submit(stream, [event]));
    }
    await Promise.all(submits);
    // The first goes alone; the rest, queued meanwhile, share a request or two (not one each).
    expect(requests.mock.calls.length).toBeLessThan(10);
    requests.mockRestore();
    // A caller woken by the last answer submits again at once: that submit must go out too.
    const last = actionEvent(streams[0]!);
    byStream.get(streams[0]!)!.push(last);
    await ingest.submit(streams[0]!, [last]);
    await persister.caughtUp();
    for (const stream of streams) {
      expect(ids(await store.readStream(stream))).toEqual(ids(byStream.get(stream)!));
    }
  });

  it('logs and skips a message the store refuses, so the attempts behind it are not held up', async () => {
    const attempt = attemptStream();
    // Written past the ingest's checks, as a producer of an older release or a hand-made message could.
    const raw = new LazyProducer(createKafka({ brokers: kafka.brokers }));
    const invalid = actionEvent(attempt, { actionType: 'Not A Type!' });
    await raw.send([
      {
        topic: 'ingest.proctoring',
        messages: [
          { key: attempt, value: JSON.stringify(invalid) },
          { key: attempt, value: '{ not json' },
        ],
      },
    ]);
    await raw.disconnect();
    const valid = actionEvents(attempt, 2);
    await ingest.submit(attempt, valid);

    const logged: Parameters<LogSink>[] = [];
    const persister = await startPersister({
      groupId: `persister-${randomUUID()}`,
      logger: (...entry) => logged.push(entry),
    });
    await persister.caughtUp();

    expect(ids(await store.readStream(attempt))).toEqual(ids(valid));
    const rejected = logged.filter(([, message]) => message.includes('skipped'));
    expect(rejected).toHaveLength(2);
    expect(rejected.every(([level, , details]) => level === 'error' && details?.streamId === attempt)).toBe(
      true,
    );
  });

  it('resumes a restarted persister group after its committed offsets', async () => {
    const attempt = attemptStream();
    const groupId = `persister-${randomUUID()}`;
    const before = actionEvents(attempt, 2);
    await ingest.submit(attempt, before);
    const first = await startPersister({ groupId });
    await first.caughtUp();
    await first.stop();

    const after = actionEvents(attempt, 2);
    await ingest.submit(attempt, after);
    const appended: NewEvent[] = [];
    const spy: EventStore = Object.create(store, {
      append: {
        value: (streamId: string, events: NewEvent[], options?: Parameters<EventStore['append']>[2]) => {
          appended.push(...events);
          return store.append(streamId, events, options);
        },
      },
      appendMany: {
        value: (batches: AppendBatch[]) => {
          appended.push(...batches.flatMap((batch) => batch.events));
          return store.appendMany(batches);
        },
      },
    });
    const second = await startPersister({ groupId, store: spy });
    await second.caughtUp();

    expect(ids(appended)).toEqual(ids(after));
    expect(ids(await store.readStream(attempt))).toEqual(ids([...before, ...after]));
  });
});
