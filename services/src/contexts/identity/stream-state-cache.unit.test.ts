import { describe, expect, it } from 'vitest';
import { StreamStateCache } from './stream-state-cache';

describe('StreamStateCache', () => {
  it('loads once and answers from memory until the entry expires', async () => {
    let now = 0;
    const cache = new StreamStateCache<number>({ ttlMs: 1000, maxEntries: 10, now: () => now });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('session-1', load)).toBe(1);
    expect(await cache.get('session-1', load)).toBe(1);
    now = 1001;
    expect(await cache.get('session-1', load)).toBe(2);
  });

  it('forgets a stream that changed', async () => {
    const cache = new StreamStateCache<string>({ ttlMs: 60_000 });
    await cache.get('session-1', async () => 'active');
    cache.forget('session-1');
    expect(await cache.get('session-1', async () => 'ended')).toBe('ended');
  });

  it('does not keep a load that raced with a change', async () => {
    const cache = new StreamStateCache<string>({ ttlMs: 60_000 });
    let release!: () => void;
    const slow = cache.get('session-1', () => new Promise<string>((r) => (release = () => r('active'))));
    cache.forget('session-1'); // the logout lands while the stale read is in flight
    release();
    expect(await slow).toBe('active');
    expect(await cache.get('session-1', async () => 'ended')).toBe('ended');
  });

  it('keeps nothing when the time to live is zero, and drops the oldest entry when full', async () => {
    const off = new StreamStateCache<number>({ ttlMs: 0 });
    let n = 0;
    await off.get('a', async () => ++n);
    expect(await off.get('a', async () => ++n)).toBe(2);
    const small = new StreamStateCache<string>({ ttlMs: 60_000, maxEntries: 2 });
    await small.get('a', async () => 'a1');
    await small.get('b', async () => 'b1');
    await small.get('c', async () => 'c1');
    expect(small.size).toBe(2);
    expect(await small.get('a', async () => 'a2')).toBe('a2');
    expect(await small.get('c', async () => 'c2')).toBe('c1');
  });
});

describe('StreamStateCache with proven change reports', () => {
  it('keeps an entry past its time to live while the reports are proven current, and not after', async () => {
    let now = 0;
    let proven = -Infinity;
    const cache = new StreamStateCache<number>({
      ttlMs: 1000,
      maxEntries: 10,
      now: () => now,
      provenCurrentAt: () => proven,
    });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('session-1', load)).toBe(1);
    // A minute on, with a proof half a second old: nothing changed the stream, so no read.
    now = 60_000;
    proven = 59_500;
    expect(await cache.get('session-1', load)).toBe(1);
    // The proofs stopped more than the time to live ago: read again.
    now = 61_001;
    expect(await cache.get('session-1', load)).toBe(2);
  });

  it('still forgets a changed stream at once while proven current', async () => {
    let now = 0;
    const cache = new StreamStateCache<string>({
      ttlMs: 1000,
      maxEntries: 10,
      now: () => now,
      provenCurrentAt: () => now,
    });
    await cache.get('session-1', async () => 'active');
    now = 30_000;
    cache.forget('session-1');
    expect(await cache.get('session-1', async () => 'ended')).toBe('ended');
  });
});
