import type { ReadModelDb } from './database';

/** The channel on which projections announce, inside their transaction, that they changed their tables. */
export const READ_MODEL_CHANGED_CHANNEL = 'read_model_changed';

interface Entry {
  generation: number;
  storedAt: number;
  value: unknown;
}

export interface ReadModelCacheOptions {
  /** Most queries kept; the least recently used go first. */
  maxEntries?: number;
  /** A bound on any entry's age, should a change report ever be lost without the feed noticing. */
  ttlMs?: number;
  now?: () => number;
}

const caches = new WeakMap<ReadModelDb, ReadModelCache>();

/** The cache serving reads of `db`, if one is attached (the api role attaches it). */
export function readModelCacheOf(db: ReadModelDb): ReadModelCache | undefined {
  return caches.get(db);
}

/**
 * Query results of read models, kept while the projection that writes them has not changed anything.
 * Each projection has a generation, bumped when it reports a change (its NOTIFY on
 * READ_MODEL_CHANGED_CHANNEL, sent in the same transaction as its writes) and when a writer waiting for
 * it sees its checkpoint pass (waitForProjections), so read-your-writes holds even if the notification is
 * still on its way. An entry is served only while its projection's generation is the one it was read
 * under; a load that raced a change is stored under the old generation and is therefore never served.
 * Concurrent misses of one query share one load. While the change feed is down the cache is bypassed.
 */
export class ReadModelCache {
  private readonly generations = new Map<string, number>();
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<unknown>>();
  private live = false;
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: ReadModelCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 10_000;
    this.ttlMs = options.ttlMs ?? 30_000;
    this.now = options.now ?? Date.now;
  }

  attachTo(db: ReadModelDb): void {
    caches.set(db, this);
  }

  detachFrom(db: ReadModelDb): void {
    if (caches.get(db) === this) caches.delete(db);
  }

  /** The change feed is listening (true) or lost (false: everything is forgotten and reads bypass). */
  setLive(live: boolean): void {
    this.live = live;
    if (!live) this.clear();
  }

  isLive(): boolean {
    return this.live;
  }

  /** The projection changed its tables: every result read from them before is stale. */
  changed(projection: string): void {
    this.generations.set(projection, this.generation(projection) + 1);
  }

  clear(): void {
    this.entries.clear();
    for (const projection of this.generations.keys()) this.changed(projection);
  }

  /**
   * The value `load` reads from tables written by `projection`, kept under `key` while still current.
   * The key must name everything the read depends on (collection, caller's scope, query); it is built
   * by the caller so that a hit costs no query building. Values are shared: callers must not mutate them.
   */
  async read<T>(projection: string, key: string, load: () => Promise<T>): Promise<T> {
    if (!this.live) return load();
    const generation = this.generation(projection);
    const fullKey = `${projection}\u0000${generation}\u0000${key}`;
    const entry = this.entries.get(fullKey);
    if (
      entry &&
      this.generation(projection) === entry.generation &&
      this.now() - entry.storedAt < this.ttlMs
    ) {
      // Most recently used last, so the oldest is first in line to go.
      this.entries.delete(fullKey);
      this.entries.set(fullKey, entry);
      return entry.value as T;
    }
    let loading = this.loading.get(fullKey) as Promise<T> | undefined;
    if (!loading) {
      loading = load().then(
        (value) => {
          this.loading.delete(fullKey);
          this.store(fullKey, { generation, storedAt: this.now(), value });
          return value;
        },
        (error: unknown) => {
          this.loading.delete(fullKey);
          throw error;
        },
      );
      this.loading.set(fullKey, loading);
    }
    return loading;
  }

  size(): number {
    return this.entries.size;
  }

  private generation(projection: string): number {
    return this.generations.get(projection) ?? 0;
  }

  private store(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
