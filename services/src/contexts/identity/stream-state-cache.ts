import { performance } from 'node:perf_hooks';

/**
 * Folded state of streams, kept for a short while so an authenticated request need not read the
 * session and account streams each time. Entries are forgotten when their stream changes (see
 * ObservedEventStore) and expire after `ttlMs` whatever happens, which bounds staleness even if change
 * reports stop arriving. A load that raced with a change is not kept: the generation moved on.
 */
export class StreamStateCache<T> {
  private readonly entries = new Map<string, { value: T; expiresAt: number }>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 50_000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  async get(streamId: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(streamId);
    if (hit && hit.expiresAt > this.now()) return hit.value;
    const generation = this.generation;
    const value = await load();
    if (this.ttlMs > 0 && generation === this.generation) {
      this.entries.delete(streamId);
      // Maps iterate in insertion order: the first key is the oldest entry.
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(streamId, { value, expiresAt: this.now() + this.ttlMs });
    }
    return value;
  }

  forget(streamId: string): void {
    this.generation++;
    this.entries.delete(streamId);
  }

  get size(): number {
    return this.entries.size;
  }
}
