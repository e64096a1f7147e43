import type { EventLog } from '../ports/event-log';
import type { EventStore, Subscription } from '../ports/event-store';
import { loadCheckpoint, saveCheckpoint } from '../read-models/checkpoints';
import type { ReadModelDb } from '../read-models/database';

export interface EventRelayOptions {
  store: EventStore;
  log: EventLog;
  /** Holds the relay's checkpoint. */
  db: ReadModelDb;
  /** Checkpoint name (default `relay`). */
  name?: string;
  batchSize?: number;
  onError?(error: unknown): void;
}

const CHECKPOINT_VERSION = 1;

/**
 * Distributed mode: carries the store's global log to Kafka. The checkpoint moves only after the broker
 * acknowledged a batch, so a crash re-publishes at most the batch in flight (consumers are idempotent
 * by event id) and never skips one. Run one relay per store: two would publish everything twice.
 */
export class EventRelay {
  private subscription: Subscription | undefined;

  constructor(private readonly options: EventRelayOptions) {}

  async start(): Promise<void> {
    if (this.subscription) throw new Error('relay already started');
    const { store, log, db, name = 'relay', batchSize, onError } = this.options;
    const checkpoint = await loadCheckpoint(db, name);
    this.subscription = store.subscribe({
      after: checkpoint?.position,
      batchSize,
      onError,
      onBatch: async (events) => {
        await log.publish(events);
        const last = events[events.length - 1];
        if (last) await saveCheckpoint(db, name, last.globalPosition, CHECKPOINT_VERSION);
      },
    });
  }

  /** Resolves once every event stored before the call is on the log and checkpointed. */
  async caughtUp(): Promise<void> {
    if (!this.subscription) throw new Error('relay not started');
    await this.subscription.caughtUp();
  }

  async stop(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = undefined;
    await subscription?.stop();
  }
}
