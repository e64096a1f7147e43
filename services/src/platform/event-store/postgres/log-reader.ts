import type { StoredEvent } from '@sabaq/events';

export interface LogReaderOptions {
  /** One read of the global log after `after` (SAFE_TO_READ), at most `maxCount` events. */
  read(after: bigint, maxCount: number): Promise<StoredEvent[]>;
  /** Events kept in memory; a subscription further behind reads its own stretch from the database. */
  maxEvents?: number;
  pageSize?: number;
  /** How often the log is read when no commit was announced (a missed notice, LISTEN down). */
  idlePollMs?: number;
  onError?(error: unknown): void;
}

const DEFAULT_MAX_EVENTS = 20_000;
const DEFAULT_PAGE = 1_000;
const IDLE_POLL_MS = 1_000;
/**
 * Reading again for positions an older open transaction holds back: under load the next commit's
 * notice comes sooner and reads anyway (a retry every few milliseconds made ten reads per append).
 */
const FIRST_RETRY_MS = 20;
const MAX_RETRY_MS = 250;
const FAILURE_RETRY_MS = 500;

/**
 * The one reader of the global log in a process: after each commit notice it reads the new events once
 * and every subscription of the process (each projection, the live feed, the analytics copy…) takes
 * them from memory, each at its own pace and from its own checkpoint. Before it, each of ~30
 * subscriptions read the same new events on its own (ten reads of the log per append under proctoring
 * load, most of the platform's statements: docs/proctoring.md, "Load").
 *
 * A read returns every event after its position up to the last one returned, and a later read never
 * finds an earlier position (SAFE_TO_READ), so the stretch kept here is complete over (from, to]: a
 * subscription whose position lies inside it takes the events after its position from memory, and one
 * at the end waits until the reader moves on and wakes it. A subscription behind the stretch (it fell
 * too far behind, or starts from an old checkpoint) reads its own stretch from the database until it
 * reaches this one. A read may stop short of announced commits while an older transaction is still
 * open (SAFE_TO_READ): the reader reads again, soon, until it reaches every announced position; and it
 * reads once a second anyway, so a missed notice or a LISTEN connection that is down (no notices at
 * all) costs at most that delay.
 */
export class LogReader {
  private events: StoredEvent[] = [];
  /** The stretch is (from, to]; none until a read returned events. */
  private from = -1n;
  private to = -1n;
  /** The highest position a commit announced, or a caller waits for. */
  private announced = 0n;
  private readonly wakers = new Set<() => void>();
  private reading = false;
  private again = false;
  /** A commit was announced since the last read was sent. */
  private stale = false;
  /** Subscriptions that found nothing after the end since the stretch last grew. */
  private waiting = 0;
  private retryMs = FIRST_RETRY_MS;
  private retry: NodeJS.Timeout | undefined;
  private poll: NodeJS.Timeout | undefined;
  private lastRead = 0;
  private closed = false;

  constructor(private readonly options: LogReaderOptions) {}

  /** Registers a subscription's wake, fired whenever the stretch grows; returns its removal. */
  onAdvance(wake: () => void): () => void {
    this.wakers.add(wake);
    this.startPolling();
    return () => {
      this.wakers.delete(wake);
      if (this.wakers.size === 0) this.stopPolling();
    };
  }

  /**
   * A commit was announced (up to `position`, when the notice says): the log is read on from the end
   * at once if a subscription waits there, else when the first one gets there. Busy subscriptions so let
   * several commits come in one read instead of one each.
   */
  moved(position?: bigint): void {
    if (position !== undefined && position > this.announced) this.announced = position;
    this.cancelRetry();
    this.stale = true;
    if (this.waiting > 0 || this.from < 0n) void this.pull();
  }

  /** A caller waits for `position` (the head when it asked): read until it is reached. */
  expect(position: bigint): void {
    if (position > this.announced) this.announced = position;
    if (position > this.to) void this.pull();
  }

  /** The events after `after` from memory (at most `maxCount`), or undefined outside the stretch. */
  page(after: bigint, maxCount: number): StoredEvent[] | undefined {
    if (this.from < 0n || after < this.from || after > this.to) return undefined;
    const start = this.firstAfter(after);
    return this.events.slice(start, start + maxCount);
  }

  /**
   * A subscription's next batch from memory: none when it is at the end or ahead of it (it is woken
   * when the reader moves on), undefined when it is behind the stretch (it reads its own from the
   * database). One ahead started at the head, a position some read will reach: the reader reads until
   * it does, instead of the subscription reading on its own past a reader that would never catch up.
   */
  next(after: bigint, maxCount: number): StoredEvent[] | undefined {
    if (this.from < 0n || after < this.from) return undefined;
    if (after > this.to) {
      this.waiting += 1;
      this.expect(after);
      return [];
    }
    const page = this.page(after, maxCount)!;
    // A short page reaches the end too: the subscription takes it and then idles without asking again
    // (polling-subscription.ts), so it waits at the end as much as one that found nothing. Counting
    // only empty pages left a quiet school's commits to the once-a-second poll.
    if (page.length < maxCount) {
      this.waiting += 1;
      if (this.stale) void this.pull();
    }
    return page;
  }

  /** A full page from memory, or undefined: a shorter one says nothing of the head to a one-off reader. */
  fullPage(after: bigint, maxCount: number): StoredEvent[] | undefined {
    const page = this.page(after, maxCount);
    return page && page.length === maxCount ? page : undefined;
  }

  /** What any read of `maxCount` after `after` returned: it grows the stretch when it continues it. */
  remember(after: bigint, maxCount: number, events: readonly StoredEvent[]): void {
    const last = events[events.length - 1];
    if (!last || last.globalPosition <= this.to) return;
    if (this.from < 0n) {
      // Seeded by the first read that reached the head with events (a short page): from an old
      // checkpoint's full page the reader would go on to read the whole log's history.
      if (events.length >= maxCount) return;
      this.events = events.slice();
      this.from = after;
    } else if (after >= this.from && after <= this.to) {
      for (const event of events) if (event.globalPosition > this.to) this.events.push(event);
    } else {
      // Ahead of the stretch (a subscription that started at the head): not contiguous, not kept.
      return;
    }
    this.to = last.globalPosition;
    this.waiting = 0;
    this.trim();
    for (const wake of this.wakers) wake();
  }

  close(): void {
    this.closed = true;
    this.stopPolling();
    this.cancelRetry();
  }

  /** Reads on from the end until a short page, once at a time; a notice meanwhile asks for one more. */
  private async pull(): Promise<void> {
    if (this.closed) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    if (this.from < 0n) {
      // Nothing read yet: the subscriptions read on their own, and the first of them seeds the stretch.
      for (const wake of this.wakers) wake();
      return;
    }
    this.reading = true;
    const pageSize = this.options.pageSize ?? DEFAULT_PAGE;
    let failed = false;
    try {
      do {
        this.again = false;
        this.stale = false;
        this.lastRead = Date.now();
        const events = await this.options.read(this.to, pageSize);
        if (events.length >= pageSize) this.again = true;
      } while (this.again && !this.closed);
    } catch (error) {
      failed = true;
      this.options.onError?.(error);
    } finally {
      this.reading = false;
    }
    if (failed) this.later(FAILURE_RETRY_MS);
    else if (this.to >= this.announced) this.retryMs = FIRST_RETRY_MS;
    else {
      // Held back by an older open transaction (SAFE_TO_READ), which announces nothing when it ends.
      this.later(this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
    }
  }

  private cancelRetry(): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = undefined;
  }

  private later(ms: number): void {
    if (this.retry || this.closed) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.pull();
    }, ms);
    this.retry.unref();
  }

  private startPolling(): void {
    if (this.poll || this.closed) return;
    const every = this.options.idlePollMs ?? IDLE_POLL_MS;
    this.poll = setInterval(() => {
      if (Date.now() - this.lastRead >= every) void this.pull();
    }, every);
    this.poll.unref();
  }

  private stopPolling(): void {
    if (this.poll) clearInterval(this.poll);
    this.poll = undefined;
  }

  /** Forgets the oldest events in chunks, so that the array is not shifted on every read. */
  private trim(): void {
    const max = this.options.maxEvents ?? DEFAULT_MAX_EVENTS;
    if (this.events.length <= max + max / 4) return;
    const dropped = this.events.splice(0, this.events.length - max);
    this.from = dropped[dropped.length - 1]!.globalPosition;
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
