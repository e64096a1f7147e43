import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BatchingWriter, type BatchSink, type Row } from './batching-writer';

/** A sink that records inserts, can be made to fail, and can be held to keep an insert in flight. */
class FakeSink implements BatchSink {
  readonly inserts: { table: string; rows: Row[] }[] = [];
  failuresLeft = 0;
  inFlight = 0;
  maxInFlight = 0;
  private gate: Promise<void> | undefined;
  private openGate: (() => void) | undefined;

  hold(): void {
    this.gate = new Promise((resolve) => (this.openGate = resolve));
  }

  release(): void {
    this.openGate?.();
    this.gate = undefined;
  }

  written(table: string): Row[] {
    return this.inserts.filter((i) => i.table === table).flatMap((i) => i.rows);
  }

  async insert(table: string, rows: readonly Row[]): Promise<void> {
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.gate) await this.gate;
      if (this.failuresLeft > 0) {
        this.failuresLeft -= 1;
        throw new Error('ClickHouse unavailable');
      }
      this.inserts.push({ table, rows: [...rows] });
    } finally {
      this.inFlight -= 1;
    }
  }
}

const rows = (from: number, count: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({ n: from + i }));

/** Whether a promise has settled once every queued callback and due timer has run. */
async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await vi.advanceTimersByTimeAsync(0);
  return settled;
}

describe('BatchingWriter', () => {
  let sink: FakeSink;
  beforeEach(() => {
    vi.useFakeTimers();
    sink = new FakeSink();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a table as soon as it holds a full batch, without waiting for the timer', async () => {
    const writer = new BatchingWriter(sink, { maxBatchRows: 3, flushIntervalMs: 60_000 });
    await writer.add('events', rows(0, 2));
    await vi.advanceTimersByTimeAsync(0);
    expect(sink.inserts).toEqual([]);
    await writer.add('events', rows(2, 2));
    await vi.advanceTimersByTimeAsync(0);
    expect(sink.inserts).toEqual([{ table: 'events', rows: rows(0, 3) }]);
    expect(writer.pendingRows).toBe(1);
  });

  it('sends what waits once the interval has passed since the first row', async () => {
    const writer = new BatchingWriter(sink, { maxBatchRows: 100, flushIntervalMs: 1_000 });
    await writer.add('events', rows(0, 2));
    await vi.advanceTimersByTimeAsync(500);
    await writer.add('events', { n: 2 });
    await vi.advanceTimersByTimeAsync(499);
    expect(sink.inserts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sink.inserts).toEqual([{ table: 'events', rows: rows(0, 3) }]);
    expect(writer.pendingRows).toBe(0);
  });

  it('batches each table on its own', async () => {
    const writer = new BatchingWriter(sink, { maxBatchRows: 2 });
    await writer.add('events', rows(0, 1));
    await writer.add('violations', rows(10, 2));
    await writer.add('events', rows(1, 1));
    await vi.advanceTimersByTimeAsync(0);
    expect(sink.inserts).toEqual([
      { table: 'violations', rows: rows(10, 2) },
      { table: 'events', rows: rows(0, 2) },
    ]);
  });

  it('writes everything on close, in batches, and refuses rows afterwards', async () => {
    const writer = new BatchingWriter(sink, { maxBatchRows: 4, flushIntervalMs: 60_000 });
    sink.hold();
    await writer.add('events', rows(0, 10));
    await writer.add('sessions', rows(100, 1));
    const closing = writer.close();
    sink.release();
    await closing;
    expect(sink.written('events')).toEqual(rows(0, 10));
    expect(sink.inserts.every((i) => i.rows.length <= 4)).toBe(true);
    expect(sink.written('sessions')).toEqual(rows(100, 1));
    expect(writer.pendingRows).toBe(0);
    await expect(writer.add('events', rows(10, 1))).rejects.toThrow('closed');
  });

  it('keeps the rows of a failed send and retries them in order, later each time', async () => {
    const errors: unknown[] = [];
    const writer = new BatchingWriter(sink, {
      maxBatchRows: 100,
      flushIntervalMs: 1_000,
      onError: (error) => errors.push(error),
    });
    sink.failuresLeft = 2;
    await writer.add('events', rows(0, 3));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(errors).toHaveLength(1);
    await writer.add('events', rows(3, 2));
    // The second attempt waits one interval, the third two.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(errors).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(sink.inserts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sink.written('events')).toEqual(rows(0, 5));
    expect(writer.pendingRows).toBe(0);
  });

  it('rejects flush() when the sink fails, keeping the rows for the next flush', async () => {
    const writer = new BatchingWriter(sink, { flushIntervalMs: 60_000 });
    await writer.add('events', rows(0, 3));
    sink.failuresLeft = 1;
    await expect(writer.flush()).rejects.toThrow('ClickHouse unavailable');
    expect(writer.pendingRows).toBe(3);
    await writer.flush();
    expect(sink.written('events')).toEqual(rows(0, 3));
  });

  it('rejects close() while the sink fails, and a second close() writes the rows', async () => {
    const writer = new BatchingWriter(sink);
    await writer.add('events', rows(0, 2));
    sink.failuresLeft = 1;
    await expect(writer.close()).rejects.toThrow('ClickHouse unavailable');
    await writer.close();
    expect(sink.written('events')).toEqual(rows(0, 2));
  });

  it('makes add() wait while the buffer is over its bound, and lets it in once a send frees room', async () => {
    const writer = new BatchingWriter(sink, { maxBatchRows: 2, maxBufferedRows: 4, flushIntervalMs: 60_000 });
    sink.hold();
    await writer.add('events', rows(0, 2));
    await writer.add('events', rows(2, 2));
    const third = writer.add('events', rows(4, 1));
    const fourth = writer.add('events', rows(5, 1));
    expect(await isSettled(third)).toBe(false);
    expect(await isSettled(fourth)).toBe(false);
    sink.release();
    await Promise.all([third, fourth]);
    await writer.close();
    expect(sink.written('events')).toEqual(rows(0, 6));
  });

  it('writes the rows of adds still waiting for room when it closes', async () => {
    const errors: unknown[] = [];
    const writer = new BatchingWriter(sink, {
      maxBatchRows: 1,
      maxBufferedRows: 1,
      onError: (e) => errors.push(e),
    });
    sink.failuresLeft = 1;
    await writer.add('events', rows(0, 1));
    const waiting = writer.add('events', rows(1, 1));
    expect(await isSettled(waiting)).toBe(false);
    expect(errors).toHaveLength(1);
    await writer.close();
    await waiting;
    expect(sink.written('events')).toEqual(rows(0, 2));
  });

  it('never has two sends of one table in flight at once', async () => {
    const writer = new BatchingWriter(sink, { maxBatchRows: 2, maxBufferedRows: 100 });
    sink.hold();
    for (let i = 0; i < 10; i++) await writer.add('events', rows(i * 2, 2));
    await vi.advanceTimersByTimeAsync(0);
    expect(sink.inFlight).toBe(1);
    sink.release();
    await writer.close();
    expect(sink.maxInFlight).toBe(1);
    expect(sink.written('events')).toEqual(rows(0, 20));
  });
});
