import type { NewEvent, StoredEvent } from '@sabaq/events';
import type {
  AppendBatch,
  AppendOptions,
  AppendOutcome,
  AppendResult,
  EventStore,
  ReadAllOptions,
  ReadStreamOptions,
  SubscribeOptions,
  Subscription,
} from '../ports/event-store';

export type StreamChangeListener = (streamId: string) => void;

/**
 * The event store as the contexts of one api process see it, telling listeners which streams changed:
 * at once for appends made through this process, and from the global log (`follow`) for appends made
 * by any other process. Caches of stream state (the caller of a request) forget an entry on either, so
 * a logout or a completed challenge holds at once here and within the log's delivery delay elsewhere.
 */
export class ObservedEventStore implements EventStore {
  readonly kind: string;
  private readonly listeners = new Set<StreamChangeListener>();
  private following: Subscription | undefined;

  constructor(private readonly inner: EventStore) {
    this.kind = inner.kind;
  }

  onChange(listener: StreamChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Reports every stream appended to by anyone from now on; stopped by `stopFollowing`. */
  async follow(): Promise<void> {
    if (this.following) return;
    const head = await this.inner.headPosition();
    this.following = this.inner.subscribe({
      after: head,
      onBatch: async (events) => {
        for (const event of events) this.changed(event.streamId);
      },
      onError: (error) => console.warn('stream changes: reading the log failed; retrying', error),
    });
  }

  async stopFollowing(): Promise<void> {
    const following = this.following;
    this.following = undefined;
    await following?.stop();
  }

  async append(streamId: string, events: NewEvent[], options?: AppendOptions): Promise<AppendResult> {
    try {
      return await this.inner.append(streamId, events, options);
    } finally {
      // Also after a failure: an append that timed out may still have been stored.
      this.changed(streamId);
    }
  }

  async appendMany(batches: AppendBatch[]): Promise<AppendOutcome[]> {
    try {
      return await this.inner.appendMany(batches);
    } finally {
      for (const streamId of new Set(batches.map((b) => b.streamId))) this.changed(streamId);
    }
  }

  readStream(streamId: string, options?: ReadStreamOptions): Promise<StoredEvent[]> {
    return this.inner.readStream(streamId, options);
  }

  streamVersion(streamId: string): Promise<number> {
    return this.inner.streamVersion(streamId);
  }

  readAll(options?: ReadAllOptions): Promise<StoredEvent[]> {
    return this.inner.readAll(options);
  }

  headPosition(): Promise<bigint> {
    return this.inner.headPosition();
  }

  subscribe(options: SubscribeOptions): Subscription {
    return this.inner.subscribe(options);
  }

  ping(): Promise<void> {
    return this.inner.ping();
  }

  async close(): Promise<void> {
    await this.stopFollowing();
    await this.inner.close();
  }

  private changed(streamId: string): void {
    for (const listener of this.listeners) listener(streamId);
  }
}
