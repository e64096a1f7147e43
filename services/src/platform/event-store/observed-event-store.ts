import { performance } from 'node:perf_hooks';
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

/** How often a following store proves its change reports current (one read of the log's head each). */
const PROOF_EVERY_MS = 1_000;

/**
 * The event store as the contexts of one api process see it, telling listeners which streams changed:
 * at once for appends made through this process, and from the global log (`follow`) for appends made
 * by any other process. Caches of stream state (the caller of a request) forget an entry on either, so
 * a logout or a completed challenge holds at once here and within the log's delivery delay elsewhere.
 *
 * While following, it proves the reports current once a second: it notes the time, reads the log's head
 * and waits until the feed has reported up to it. Once that resolves, every change committed before the
 * noted time has been reported (`provenCurrentAt`), and caches may keep entries that nothing changed
 * for as long as the proofs keep coming. One proof runs at a time, so a stalled feed stops the proofs
 * and the caches fall back to their time to live.
 */
export class ObservedEventStore implements EventStore {
  readonly kind: string;
  private readonly listeners = new Set<StreamChangeListener>();
  private following: Subscription | undefined;
  private provenAt = -Infinity;
  private proofTimer: NodeJS.Timeout | undefined;

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
    this.scheduleProof(0);
  }

  /**
   * The `performance.now()` moment before which every committed change has been reported to the
   * listeners; -Infinity when not following or not proven yet.
   */
  provenCurrentAt(): number {
    return this.provenAt;
  }

  async stopFollowing(): Promise<void> {
    const following = this.following;
    this.following = undefined;
    clearTimeout(this.proofTimer);
    this.proofTimer = undefined;
    // No longer told of other processes' changes: caches fall back to their time to live.
    this.provenAt = -Infinity;
    await following?.stop();
  }

  private scheduleProof(delayMs: number): void {
    const following = this.following;
    if (!following) return;
    this.proofTimer = setTimeout(() => {
      const startedAt = performance.now();
      following.caughtUp().then(
        () => {
          if (this.following !== following) return;
          this.provenAt = Math.max(this.provenAt, startedAt);
          this.scheduleProof(PROOF_EVERY_MS);
        },
        // The feed failed to read the head or stopped: no proof this time; its own retries go on.
        () => this.scheduleProof(PROOF_EVERY_MS),
      );
    }, delayMs);
    this.proofTimer.unref();
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
