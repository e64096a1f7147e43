import type { NewEvent } from '@sabaq/events';
import type { KafkaMessage } from 'kafkajs';
import { createKafka, ingestTopic, type KafkaClientOptions } from '../log/kafka-client';
import { startGroupConsumer } from '../log/kafka-group-consumer';
import { consoleSink } from '../log/log-sink';
import type { LogConsumer } from '../ports/event-log';
import type { EventStore } from '../ports/event-store';
import { appendTelemetryMany, type TelemetryBatch } from './append-telemetry';

export interface TelemetryPersisterOptions extends KafkaClientOptions {
  store: EventStore;
  /** Contexts whose ingest topics this persister drains. */
  contexts: string[];
  /** Default `telemetry-persister`; every instance shares it, and so the partitions. */
  groupId?: string;
  /** Partitions appended at the same time by one instance (default 1). */
  concurrency?: number;
  /** Failures that will be retried (store or broker unavailable); by default logged as warnings. */
  onError?(error: unknown): void;
}

type Reject = (streamId: string, what: Record<string, unknown>, error: unknown) => void;

/**
 * Drains the ingest topics into the store. Offsets are committed only after the append succeeded, so a
 * crash redelivers; redelivered events are no-ops because appends are idempotent by event id.
 */
export class TelemetryPersister {
  private consumer: LogConsumer | undefined;

  constructor(private readonly options: TelemetryPersisterOptions) {}

  async start(): Promise<void> {
    if (this.consumer) throw new Error('telemetry persister already started');
    const { store, contexts } = this.options;
    const logger = this.options.logger ?? consoleSink;
    const onError =
      this.options.onError ?? ((error: unknown) => logger('warn', 'telemetry persister retrying', { error }));
    // Events the store refuses were validated before they were produced; one that still fails (a schema
    // changed in between, a hand-written message) would hold its partition forever, blocking every
    // attempt behind it. So it is logged for an operator and skipped.
    // Only ids and types are logged: payloads carry students' data.
    const reject: Reject = (streamId, what, error) =>
      logger('error', 'telemetry event rejected by the store and skipped', { streamId, ...what, error });
    this.consumer = await startGroupConsumer({
      kafka: createKafka(this.options),
      groupId: this.options.groupId ?? 'telemetry-persister',
      topics: contexts.map(ingestTopic),
      tuning: this.options.consumer,
      concurrency: this.options.concurrency,
      onError,
      // A consumed batch is one many-stream append (one transaction), whatever the number of attempts.
      onBatch: async (messages) => {
        const batches = batchesByStream(messages, reject);
        if (batches.length === 0) return;
        const settled = await appendTelemetryMany(store, batches, (event, error) => {
          const streamId = batches.find((b) => b.events.includes(event))?.streamId ?? '';
          reject(streamId, { eventId: event.id, type: event.type }, error);
        });
        // Refusals were reported above; what is left failed in the store: the batch is consumed again.
        const failed = settled.find((outcome) => !outcome.ok);
        if (failed && !failed.ok) throw failed.error;
      },
    });
  }

  /** Resolves once everything produced before the call is in the store. */
  async caughtUp(): Promise<void> {
    if (!this.consumer) throw new Error('telemetry persister not started');
    await this.consumer.caughtUp();
  }

  async stop(): Promise<void> {
    const consumer = this.consumer;
    this.consumer = undefined;
    await consumer?.stop();
  }
}

/**
 * The messages of one stream become one batch, in the partition's order (the key is the stream, so its
 * messages are in the order produced). An id seen twice for a stream (a client retry produced again) is
 * kept once, since the store refuses a batch that names an id twice.
 */
function batchesByStream(messages: KafkaMessage[], reject: Reject): TelemetryBatch[] {
  const batches = new Map<string, { batch: TelemetryBatch; ids: Set<string> }>();
  for (const message of messages) {
    const streamId = message.key?.toString('utf8') ?? '';
    let event: NewEvent;
    try {
      event = JSON.parse(message.value?.toString('utf8') ?? '') as NewEvent;
    } catch (error) {
      reject(streamId, { offset: message.offset }, error);
      continue;
    }
    let entry = batches.get(streamId);
    if (!entry) batches.set(streamId, (entry = { batch: { streamId, events: [] }, ids: new Set() }));
    if (entry.ids.has(event.id)) continue;
    entry.ids.add(event.id);
    entry.batch.events.push(event);
  }
  return [...batches.values()].map((entry) => entry.batch);
}
