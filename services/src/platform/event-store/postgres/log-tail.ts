import type { StoredEvent } from '@sabaq/events';

/**
 * The stretch of the global log this process read last, kept so that the process's subscriptions (each
 * projection, the live feed, the analytics copy…) stop reading the same new events from PostgreSQL one
 * after another: under proctoring load they drift apart by a batch or two, so the shared read of one
 * turn (postgres-event-store.ts) rarely joined them, and reading the log was most of the platform's
 * statements (docs/proctoring.md, "Load").
 *
 * A read returns every event after its position up to the last one returned, and a later read never
 * finds an earlier position (SAFE_TO_READ), so a stretch is complete over (from, to]. A page inside it is
 * answered from memory when it is full. A shorter page reaches the stretch's end, which is an answer
 * only while that end is still the head: while no commit was announced (`moved`) since a read that
 * found the head was sent, every announced position lies within the stretch (a read may stop short of
 * committed events while an older transaction, an append or not, is still open: SAFE_TO_READ), and
 * only while the store's LISTEN connection is up to announce them.
 */
export class LogTail {
  private events: StoredEvent[] = [];
  /** The stretch is (from, to]; empty until the first read. */
  private from = -1n;
  private to = -1n;
  /** The epoch in which a read that reached the head (a short page) ended at `to`. */
  private headAt: number | undefined;
  private epoch = 0;
  /** The highest position a commit announced. */
  private announced = 0n;

  constructor(private readonly maxEvents = 5_000) {}

  /** A commit was announced (up to `position`, when the notice says): the end may no longer be the head. */
  moved(position?: bigint): void {
    this.epoch += 1;
    if (position !== undefined && position > this.announced) this.announced = position;
  }

  /** Taken when a read is sent, and handed back to `remember` with its answer. */
  currentEpoch(): number {
    return this.epoch;
  }

  /** The page from memory, or undefined to read it from the database. */
  page(after: bigint, maxCount: number, announcing: boolean): StoredEvent[] | undefined {
    if (this.from < 0n || after < this.from || after > this.to) return undefined;
    const start = this.firstAfter(after);
    const page = this.events.slice(start, start + maxCount);
    if (page.length === maxCount) return page;
    const head = announcing && this.headAt === this.epoch && this.to >= this.announced;
    return head ? page : undefined;
  }

  /** The stretch's end when `position` lies within the stretch, else undefined. */
  endAfter(position: bigint): bigint | undefined {
    return this.from >= 0n && position >= this.from && position <= this.to ? this.to : undefined;
  }

  /** What a read of `maxCount` after `after`, sent in `epoch`, returned. */
  remember(after: bigint, maxCount: number, events: readonly StoredEvent[], epoch: number): void {
    const end = events.length > 0 ? events[events.length - 1]!.globalPosition : after;
    const reachedHead = events.length < maxCount;
    const continues = this.from >= 0n && after >= this.from && after <= this.to;
    if (continues && end > this.to) {
      for (const event of events) if (event.globalPosition > this.to) this.events.push(event);
      this.to = end;
      this.headAt = reachedHead ? epoch : undefined;
    } else if (continues && end === this.to) {
      if (reachedHead && (this.headAt === undefined || epoch > this.headAt)) this.headAt = epoch;
    } else if (!continues && end > this.to) {
      // Past the stretch, or reaching beyond it from before it: start again from this read.
      this.events = [...events];
      this.from = after;
      this.to = end;
      this.headAt = reachedHead ? epoch : undefined;
    }
    if (this.events.length > this.maxEvents) {
      const dropped = this.events.splice(0, this.events.length - this.maxEvents);
      this.from = dropped[dropped.length - 1]!.globalPosition;
    }
  }

  /** Index of the first event after `position` (binary search: the stretch is in log order). */
  private firstAfter(position: bigint): number {
    let low = 0;
    let high = this.events.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.events[middle]!.globalPosition <= position) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
