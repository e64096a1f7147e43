import { performance } from 'node:perf_hooks';

/**
 * Folded state of streams, kept so an authenticated request need not read the session and account
 * streams each time. Entries are forgotten when their stream changes (see ObservedEventStore). An entry
 * is answered while it is younger than `ttlMs`, or while the change reports are proven current: every
 * change committed up to `ttlMs` ago has been reported (`provenCurrentAt`, from the store's feed). So
 * an entry is never staler than `ttlMs` plus the feed's delivery delay, yet one that nothing changed is
 * not read again every `ttlMs` (with 3,000 students those re-reads were most of the platform's
 * statements: docs/proctoring.md, "Load"). Should the reports stop, entries expire after `ttlMs` as
 * before. A load that raced with a change is not kept: the generation moved on.
 */
export interface StreamStateCacheOptions {
  /** How long an entry is answered without proof that the change reports are current; 0 keeps nothing. */
  ttlMs: number;
  /** Past this many entries the oldest is dropped. */
  maxEntries?: number;
  /** The clock entries are timed on (milliseconds). */
  now?: () => number;
  /** When (on `now`'s clock) every change committed before that moment was last proven reported. */
  provenCurrentAt?: () => number;
}

export class StreamStateCache<T> {
  private readonly entries = new Map<string, { value: T; loadedAt: number }>();
  private generation = 0;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private readonly provenCurrentAt: () => number;

  constructor(options: StreamStateCacheOptions) {
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries ?? 50_000;
    this.now = options.now ?? (() => performance.now());
    this.provenCurrentAt = options.provenCurrentAt ?? (() => -Infinity);
  }

  async get(streamId: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(streamId);
    if (hit && this.fresh(hit.loadedAt)) return hit.value;
    const generation = this.generation;
    const value = await load();
    if (this.ttlMs > 0 && generation === this.generation) {
      this.entries.delete(streamId);
      // Maps iterate in insertion order: the first key is the oldest entry.
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(streamId, { value, loadedAt: this.now() });
    }
    return value;
  }

  private fresh(loadedAt: number): boolean {
    const now = this.now();
    return now - loadedAt < this.ttlMs || now - this.provenCurrentAt() < this.ttlMs;
  }

  forget(streamId: string): void {
    this.generation++;
    this.entries.delete(streamId);
  }

  get size(): number {
    return this.entries.size;
  }
}
