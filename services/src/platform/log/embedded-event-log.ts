import type { EventRegistry, StoredEvent } from '@sabaq/events';
import type { ConsumeOptions, EventLog, LogConsumer, LogDelivery } from '../ports/event-log';
import type { EventStore } from '../ports/event-store';
import { loadCheckpoint, saveCheckpoint } from '../read-models/checkpoints';
import type { ReadModelDb } from '../read-models/database';

export interface EmbeddedEventLogOptions {
  store: EventStore;
  /** Holds each group's checkpoint (`log:<groupId>`). */
  db: ReadModelDb;
  registry: EventRegistry;
  batchSize?: number;
}

const CHECKPOINT_VERSION = 1;

/**
 * The log in embedded mode is the event store's own global log: events are on it as soon as they are
 * appended, so publishing is a no-op. A consumer group is a subscription resuming from its checkpoint;
 * the checkpoint moves after the handler resolved, so delivery is at least once.
 */
export class EmbeddedEventLog implements EventLog {
  readonly kind = 'embedded';
  private readonly consumers = new Map<string, LogConsumer>();

  constructor(private readonly options: EmbeddedEventLogOptions) {}

  async publish(_events: StoredEvent[]): Promise<void> {}

  async consume({ groupId, topics, handler, onError }: ConsumeOptions): Promise<LogConsumer> {
    // Unlike Kafka there is no partition to share: a second member would handle every event twice.
    if (this.consumers.has(groupId)) throw new Error(`consumer group ${groupId} is already consuming`);
    const { store, db, registry } = this.options;
    const name = `log:${groupId}`;
    const wanted = new Set(topics);
    const checkpoint = await loadCheckpoint(db, name);
    const subscription = store.subscribe({
      after: checkpoint?.position,
      batchSize: this.options.batchSize,
      onError,
      onBatch: async (events) => {
        const deliveries: LogDelivery[] = [];
        for (const event of events) {
          const topic = registry.contextOf(event.streamId);
          if (wanted.has(topic)) deliveries.push({ topic, key: event.streamId, event });
        }
        if (deliveries.length > 0) await handler(deliveries);
        const last = events[events.length - 1];
        if (last) await saveCheckpoint(db, name, last.globalPosition, CHECKPOINT_VERSION);
      },
    });
    const consumer: LogConsumer = {
      caughtUp: () => subscription.caughtUp(),
      stop: async () => {
        this.consumers.delete(groupId);
        await subscription.stop();
      },
    };
    this.consumers.set(groupId, consumer);
    return consumer;
  }

  async close(): Promise<void> {
    await Promise.all([...this.consumers.values()].map((consumer) => consumer.stop()));
  }
}
