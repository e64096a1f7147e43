import type { StoredEvent } from '@sabaq/events';
import { describe, expect, it } from 'vitest';
import { LogTail } from './log-tail';

const event = (position: number): StoredEvent =>
  ({ id: `e${position}`, globalPosition: BigInt(position) }) as unknown as StoredEvent;
const events = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => event(from + i));
const positions = (page: StoredEvent[] | undefined) => page?.map((e) => Number(e.globalPosition));

describe('the log tail', () => {
  it('answers full pages inside what was read, and nothing outside it', () => {
    const tail = new LogTail();
    tail.remember(10n, 100, events(11, 40), tail.currentEpoch());
    expect(positions(tail.page(20n, 5, true))).toEqual([21, 22, 23, 24, 25]);
    expect(tail.page(9n, 5, true)).toBeUndefined();
    expect(tail.page(41n, 5, true)).toBeUndefined();
  });

  it('answers a short page only while the read that found the head is the latest news', () => {
    const tail = new LogTail();
    tail.remember(10n, 100, events(11, 40), tail.currentEpoch());
    expect(positions(tail.page(35n, 100, true))).toEqual([36, 37, 38, 39, 40]);
    expect(positions(tail.page(40n, 100, true))).toEqual([]);
    // Without the LISTEN connection nobody announces commits: the database is asked.
    expect(tail.page(35n, 100, false)).toBeUndefined();
    tail.moved();
    expect(tail.page(35n, 100, true)).toBeUndefined();
    expect(positions(tail.page(20n, 5, true))).toEqual([21, 22, 23, 24, 25]);
  });

  it('never lets a read sent before an announced commit claim the head', () => {
    const tail = new LogTail();
    const sent = tail.currentEpoch();
    tail.moved();
    tail.remember(10n, 100, events(11, 20), sent);
    expect(tail.page(15n, 100, true)).toBeUndefined();
    tail.remember(20n, 100, [], tail.currentEpoch());
    expect(positions(tail.page(15n, 100, true))).toEqual([16, 17, 18, 19, 20]);
  });

  it('grows with reads that continue it, keeps a full page from claiming the head, and forgets the oldest', () => {
    const tail = new LogTail(25);
    tail.remember(0n, 10, events(1, 10), tail.currentEpoch());
    expect(tail.page(5n, 10, true)).toBeUndefined();
    tail.remember(10n, 10, events(11, 20), tail.currentEpoch());
    tail.remember(15n, 10, events(16, 25), tail.currentEpoch());
    tail.remember(25n, 10, events(26, 30), tail.currentEpoch());
    expect(positions(tail.page(27n, 10, true))).toEqual([28, 29, 30]);
    expect(tail.page(4n, 1, true)).toBeUndefined();
    expect(positions(tail.page(5n, 2, true))).toEqual([6, 7]);
    // A late answer to an older read changes nothing.
    tail.remember(0n, 10, events(1, 10), tail.currentEpoch());
    expect(positions(tail.page(27n, 10, true))).toEqual([28, 29, 30]);
  });

  it('starts again from a read past its end', () => {
    const tail = new LogTail();
    tail.remember(0n, 10, events(1, 5), tail.currentEpoch());
    tail.remember(50n, 10, events(51, 52), tail.currentEpoch());
    expect(tail.page(3n, 1, true)).toBeUndefined();
    expect(positions(tail.page(50n, 10, true))).toEqual([51, 52]);
  });
});

describe('the log tail and events a read could not see yet', () => {
  it('claims no head short of an announced position', () => {
    const tail = new LogTail();
    // A commit announced position 30, but an older open transaction hid it from the read that followed.
    tail.moved(30n);
    tail.remember(10n, 100, events(11, 20), tail.currentEpoch());
    expect(tail.page(15n, 100, true)).toBeUndefined();
    expect(tail.page(20n, 100, true)).toBeUndefined();
    expect(positions(tail.page(15n, 3, true))).toEqual([16, 17, 18]);
    // Once the older transaction ended a read reaches it: the head is known again.
    tail.remember(20n, 100, events(21, 30), tail.currentEpoch());
    expect(positions(tail.page(27n, 100, true))).toEqual([28, 29, 30]);
  });
});
