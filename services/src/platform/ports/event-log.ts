import type { StoredEvent } from '@sabaq/events';

/** One event taken from the log, with what is needed to commit past it. */
export interface LogDelivery {
  topic: string;
  /** The stream id: the log keeps events of one key in order. */
  key: string;
  event: StoredEvent;
}

export interface ConsumeOptions {
  /** Consumers sharing a group id share the work and the committed offsets. */
  groupId: string;
  /** Contexts to read (each context is one topic). */
  topics: string[];
  /** Called with batches; offsets are committed only after it resolves, so a crash redelivers. */
  handler(batch: LogDelivery[]): Promise<void>;
  onError?(error: unknown): void;
}

export interface LogConsumer {
  /** Resolves when every event published before the call has been handled and committed. */
  caughtUp(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The log that carries persisted events to other consumers (Kafka's role). Delivery is at least once:
 * consumers are idempotent by event id. Adapters: Kafka over kafkajs (distributed), and the embedded
 * log, which is the event store's own global log read through checkpointed subscriptions.
 */
export interface EventLog {
  readonly kind: string;
  /** Publishes stored events, each to the topic of its stream's context, keyed by stream id. */
  publish(events: StoredEvent[]): Promise<void>;
  consume(options: ConsumeOptions): Promise<LogConsumer>;
  close(): Promise<void>;
}
