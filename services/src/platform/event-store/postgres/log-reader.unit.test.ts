import type { StoredEvent } from '@sabaq/events';
import { describe, expect, it } from 'vitest';
import { LogReader } from './log-reader';

const event = (position: number): StoredEvent =>
  ({ id: `e${position}`, globalPosition: BigInt(position) }) as unknown as StoredEvent;
const positions = (page: StoredEvent[] | undefined) => page?.map((e) => Number(e.globalPosition));

/** A log whose events become readable when `visibleUpTo` says (SAFE_TO_READ holding the rest back). */
function fakeLog(total: number) {
  const log = {
    visibleUpTo: total,
    reads: [] as { after: number; max: number }[],
    fail: false,
    reader: undefined as unknown as LogReader,
    read(after: bigint, max: number): Promise<StoredEvent[]> {
      log.reads.push({ after: Number(after), max });
      if (log.fail) return Promise.reject(new Error('connection lost'));
      const found: StoredEvent[] = [];
      for (let p = Number(after) + 1; p <= log.visibleUpTo && found.length < max; p++) found.push(event(p));
      log.reader.remember(after, max, found);
      return Promise.resolve(found);
    },
  };
  return log;
}

function readerOver(
  log: ReturnType<typeof fakeLog>,
  options: { maxEvents?: number; pageSize?: number } = {},
) {
  log.reader = new LogReader({ read: log.read, idlePollMs: 60_000, ...options });
  return log.reader;
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 2));
  expect(condition()).toBe(true);
}

describe('the log reader', () => {
  it('knows nothing until a read reaches the head, so an old checkpoint never makes it read the history', async () => {
    const log = fakeLog(30);
    const reader = readerOver(log);
    await log.read(0n, 10);
    expect(reader.page(5n, 3)).toBeUndefined();
    await log.read(20n, 100);
    expect(positions(reader.page(25n, 3))).toEqual([26, 27, 28]);
    expect(positions(reader.page(28n, 100))).toEqual([29, 30]);
    expect(positions(reader.page(30n, 100))).toEqual([]);
    expect(reader.page(19n, 100)).toBeUndefined();
    expect(reader.page(31n, 100)).toBeUndefined();
    reader.close();
  });

  it('reads at the next notice for a subscription that took a short page, without waiting for a poll', async () => {
    // A subscription that took a short page idles without asking again (polling-subscription.ts): it
    // waits at the end, and a commit notice must be read at once for it (a quiet school's latency).
    const log = fakeLog(10);
    const reader = readerOver(log);
    await log.read(0n, 100);
    let wakes = 0;
    reader.onAdvance(() => (wakes += 1));
    expect(positions(reader.next(7n, 100))).toEqual([8, 9, 10]);
    log.visibleUpTo = 11;
    reader.moved(11n);
    await until(() => wakes === 1);
    expect(positions(reader.next(10n, 100))).toEqual([11]);
    reader.close();
  });

  it('reads the log once per notice and wakes every subscription with the new events in memory', async () => {
    const log = fakeLog(10);
    const reader = readerOver(log);
    await log.read(0n, 100);
    let wakes = 0;
    for (let i = 0; i < 30; i++) reader.onAdvance(() => (wakes += 1));
    const before = log.reads.length;
    // A subscription waits at the end.
    expect(reader.next(10n, 500)).toEqual([]);
    log.visibleUpTo = 15;
    reader.moved(15n);
    await until(() => wakes === 30);
    expect(log.reads.slice(before)).toEqual([{ after: 10, max: 1000 }]);
    expect(positions(reader.page(10n, 500))).toEqual([11, 12, 13, 14, 15]);
    expect(positions(reader.page(3n, 2))).toEqual([4, 5]);
    reader.close();
  });

  it('reads again until it reaches an announced position an older open transaction held back', async () => {
    const log = fakeLog(10);
    const reader = readerOver(log);
    await log.read(0n, 100);
    expect(reader.next(10n, 100)).toEqual([]);
    log.visibleUpTo = 12;
    reader.moved(20n);
    await until(() => positions(reader.page(10n, 100))?.length === 2);
    // The older transaction ends without a notice of its own.
    log.visibleUpTo = 20;
    await until(() => positions(reader.page(10n, 100))?.length === 10);
    const reads = log.reads.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(log.reads.length).toBe(reads);
    reader.close();
  });

  it('backs off while an older transaction holds an announced position back, rather than reading in a loop', async () => {
    const log = fakeLog(10);
    const reader = readerOver(log);
    await log.read(0n, 100);
    const before = log.reads.length;
    expect(reader.next(10n, 100)).toEqual([]);
    reader.moved(20n);
    await new Promise((resolve) => setTimeout(resolve, 150));
    // 20, 40 and 80 ms apart: a loaded machine only makes fewer.
    expect(log.reads.length - before).toBeGreaterThanOrEqual(1);
    expect(log.reads.length - before).toBeLessThanOrEqual(5);
    reader.close();
  });

  it('reads until a waiter’s position is reached, also without any notice (LISTEN down)', async () => {
    const log = fakeLog(10);
    const reader = readerOver(log);
    await log.read(0n, 100);
    log.visibleUpTo = 14;
    reader.expect(14n);
    await until(() => positions(reader.page(10n, 100))?.length === 4);
    reader.close();
  });

  it('polls the log on its own while subscriptions wait, for notices that never came', async () => {
    const log = fakeLog(10);
    log.reader = new LogReader({ read: log.read, idlePollMs: 5 });
    const reader = log.reader;
    await log.read(0n, 100);
    let woken = false;
    const remove = reader.onAdvance(() => (woken = true));
    log.visibleUpTo = 11;
    await until(() => woken);
    remove();
    reader.close();
  });

  it('follows a long run of new events page by page, forgets the oldest, and tries again after a failure', async () => {
    const log = fakeLog(5);
    const reader = readerOver(log, { maxEvents: 20, pageSize: 10 });
    await log.read(0n, 100);
    expect(reader.next(5n, 10)).toEqual([]);
    log.visibleUpTo = 45;
    reader.moved(45n);
    await until(() => positions(reader.page(44n, 10))?.length === 1);
    expect(reader.page(5n, 10)).toBeUndefined();
    expect(positions(reader.page(30n, 3))).toEqual([31, 32, 33]);
    log.fail = true;
    log.visibleUpTo = 46;
    expect(reader.next(45n, 10)).toEqual([]);
    reader.moved(46n);
    await until(() => log.reads.length > 0 && log.reads[log.reads.length - 1]!.after === 45);
    log.fail = false;
    await until(() => positions(reader.page(45n, 10))?.length === 1);
    reader.close();
  });

  it('lets commits announced while every subscription is busy come in one read, when the first gets to the end', async () => {
    const log = fakeLog(10);
    const reader = readerOver(log);
    await log.read(0n, 100);
    const before = log.reads.length;
    for (const position of [11, 12, 13]) {
      log.visibleUpTo = position;
      reader.moved(BigInt(position));
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(log.reads.length).toBe(before);
    expect(reader.next(10n, 100)).toEqual([]);
    await until(() => positions(reader.page(10n, 100))?.length === 3);
    expect(log.reads.length).toBe(before + 1);
    reader.close();
  });

  it('reads on for a subscription that started ahead of it, at a head it has not read yet', async () => {
    const log = fakeLog(10);
    const reader = readerOver(log);
    await log.read(0n, 100);
    log.visibleUpTo = 20;
    let woken = false;
    reader.onAdvance(() => (woken = true));
    expect(reader.next(15n, 100)).toEqual([]);
    await until(() => woken);
    expect(positions(reader.next(15n, 100))).toEqual([16, 17, 18, 19, 20]);
    reader.close();
  });

  it('keeps no read that does not continue its stretch', async () => {
    const log = fakeLog(30);
    const reader = readerOver(log);
    await log.read(10n, 100);
    reader.remember(40n, 100, [event(41), event(42)]);
    expect(reader.page(40n, 100)).toBeUndefined();
    expect(positions(reader.page(29n, 100))).toEqual([30]);
    reader.close();
  });
});
