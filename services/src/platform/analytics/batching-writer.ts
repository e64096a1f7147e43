import type { AnalyticsStore } from '../ports/analytics';

export type Row = Record<string, unknown>;

/** Where batches go: an AnalyticsStore is one. */
export type BatchSink = Pick<AnalyticsStore, 'insert'>;

export interface BatchingWriterOptions {
  /** A table's rows are sent as soon as this many wait (ClickHouse prefers few large inserts). */
  maxBatchRows?: number;
  /** Rows never wait longer than this before a send is attempted. */
  flushIntervalMs?: number;
  /** Above this many buffered rows (all tables), add() waits until a send makes room. */
  maxBufferedRows?: number;
  /** After failed sends the next attempt waits longer, doubling up to this. */
  maxRetryDelayMs?: number;
  /** Failed background sends are reported here; their rows stay buffered and are sent again. */
  onError?: (error: unknown, table: string) => void;
}

interface TableBuffer {
  rows: Row[];
  /** The send in progress: one at a time per table, so a batch is never sent twice at once. */
  sending?: Promise<void>;
}

interface Waiter {
  table: string;
  rows: readonly Row[];
  admit: () => void;
}

/**
 * Buffers rows per table and inserts them in batches: when a table holds maxBatchRows, at the latest
 * flushIntervalMs after a row arrives, on flush() and on close(). A failed insert keeps its rows, in
 * order, for the next attempt. add() resolves once its rows are buffered; flush() and close() resolve
 * once everything buffered before them is written, so a caller (a projection) moves its checkpoint
 * only after that.
 */
export class BatchingWriter {
  private readonly maxBatchRows: number;
  private readonly flushIntervalMs: number;
  private readonly maxBufferedRows: number;
  private readonly maxRetryDelayMs: number;
  private readonly tables = new Map<string, TableBuffer>();
  private readonly waiters: Waiter[] = [];
  private buffered = 0;
  private failures = 0;
  private timer: NodeJS.Timeout | undefined;
  private closing = false;

  constructor(
    private readonly sink: BatchSink,
    private readonly options: BatchingWriterOptions = {},
  ) {
    this.maxBatchRows = options.maxBatchRows ?? 5_000;
    this.flushIntervalMs = options.flushIntervalMs ?? 1_000;
    this.maxBufferedRows = options.maxBufferedRows ?? 20 * this.maxBatchRows;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 30_000;
    if (this.maxBatchRows < 1 || this.maxBufferedRows < this.maxBatchRows) {
      throw new RangeError('maxBatchRows must be at least 1 and maxBufferedRows at least maxBatchRows');
    }
  }

  /** Rows buffered and not yet written. */
  get pendingRows(): number {
    return this.buffered;
  }

  /** Resolves once the rows are buffered; waits while the buffer is over its bound (backpressure). */
  async add(table: string, rows: Row | readonly Row[]): Promise<void> {
    if (this.closing) throw new Error('BatchingWriter is closed');
    const list: readonly Row[] = Array.isArray(rows) ? rows : [rows as Row];
    if (list.length === 0) return;
    // Queue behind earlier waiters so rows keep the order in which they were added.
    if (this.waiters.length > 0 || this.buffered >= this.maxBufferedRows) {
      return new Promise<void>((admit) => this.waiters.push({ table, rows: list, admit }));
    }
    this.accept(table, list);
  }

  /** Writes every row buffered before the call; rejects with the sink's error if a send fails. */
  async flush(): Promise<void> {
    const targets = [...this.tables].map(([table, buffer]) => ({ table, count: buffer.rows.length }));
    await Promise.all(targets.map(({ table, count }) => this.sendAtLeast(table, count)));
  }

  /**
   * Stops accepting rows and writes everything buffered, including the rows of add() calls still
   * waiting for room. If the sink fails, close() rejects and keeps the rows: calling it again retries.
   */
  async close(): Promise<void> {
    this.closing = true;
    this.disarm();
    this.admitWaiters();
    while (this.buffered > 0) await this.flush();
  }

  private accept(table: string, rows: readonly Row[]): void {
    const buffer = this.tables.get(table) ?? { rows: [] };
    this.tables.set(table, buffer);
    buffer.rows.push(...rows);
    this.buffered += rows.length;
    if (this.closing) return;
    if (buffer.rows.length >= this.maxBatchRows && !buffer.sending) this.sendInBackground(table);
    this.arm();
  }

  /** Sends batches from the head of a table's buffer until `count` rows have left it. */
  private async sendAtLeast(table: string, count: number): Promise<void> {
    let remaining = count;
    while (remaining > 0) {
      const buffer = this.tables.get(table);
      if (!buffer || buffer.rows.length === 0) return;
      if (buffer.sending) {
        // Rows written by a send already under way count towards this flush too.
        const before = buffer.rows.length;
        await buffer.sending.catch(() => undefined);
        remaining -= before - buffer.rows.length;
        continue;
      }
      remaining -= await this.sendBatch(table, buffer);
    }
  }

  private async sendBatch(table: string, buffer: TableBuffer): Promise<number> {
    // Rows leave the buffer only once written: a failed insert leaves them at its head, in order.
    const batch = buffer.rows.slice(0, this.maxBatchRows);
    const sending = this.sink.insert(table, batch);
    buffer.sending = sending;
    try {
      await sending;
    } catch (error) {
      this.failures += 1;
      throw error;
    } finally {
      buffer.sending = undefined;
    }
    buffer.rows.splice(0, batch.length);
    this.buffered -= batch.length;
    this.failures = 0;
    if (buffer.rows.length === 0) this.tables.delete(table);
    this.admitWaiters();
    return batch.length;
  }

  private sendInBackground(table: string): void {
    const buffer = this.tables.get(table);
    if (!buffer) return;
    this.sendBatch(table, buffer).then(
      () => {
        // The table may have filled again while its batch was on the way.
        const next = this.tables.get(table);
        if (next && next.rows.length >= this.maxBatchRows && !next.sending) this.sendInBackground(table);
      },
      (error: unknown) => {
        this.options.onError?.(error, table);
        this.arm();
      },
    );
  }

  /** The timer's flush: each table on its own, so one failing table does not hold back the others. */
  private flushInBackground(): void {
    const sends = [...this.tables].map(([table, buffer]) =>
      this.sendAtLeast(table, buffer.rows.length).catch((error: unknown) =>
        this.options.onError?.(error, table),
      ),
    );
    void Promise.all(sends).then(() => this.arm());
  }

  private admitWaiters(): void {
    // Closing admits everyone: their rows must be written before close() resolves.
    while (this.waiters.length > 0 && (this.buffered < this.maxBufferedRows || this.closing)) {
      const waiter = this.waiters.shift()!;
      this.accept(waiter.table, waiter.rows);
      waiter.admit();
    }
  }

  /** Schedules the next timed flush if rows wait and none is scheduled; later after failures. */
  private arm(): void {
    if (this.timer || this.closing || this.buffered === 0) return;
    const delay =
      this.failures === 0
        ? this.flushIntervalMs
        : Math.min(this.flushIntervalMs * 2 ** (this.failures - 1), this.maxRetryDelayMs);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flushInBackground();
    }, delay);
    // Shutdown is close()'s job; a pending timer alone must not keep the process alive.
    this.timer.unref();
  }

  private disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
