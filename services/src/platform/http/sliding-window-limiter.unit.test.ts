import { describe, expect, it } from 'vitest';
import { slidingWindowLimiter } from './sliding-window-limiter';

/** A clock the test moves by hand. */
function manualClock(start = Date.parse('2026-11-27T10:00:00Z')) {
  let now = start;
  return { clock: () => new Date(now), advance: (ms: number) => (now += ms) };
}

describe('the sliding-window limiter', () => {
  it('counts calls per key and lets one more in as each counted call leaves the window', () => {
    const time = manualClock();
    const limiter = slidingWindowLimiter({ max: 3, windowMs: 60_000 }, { clock: time.clock });
    expect(limiter.take('a')).toBe(true); // t = 0
    time.advance(10_000);
    expect(limiter.take('a')).toBe(true); // t = 10 s
    expect(limiter.take('a')).toBe(true); // t = 10 s
    expect(limiter.take('a')).toBe(false);
    // Another key has its own count.
    expect(limiter.take('b')).toBe(true);
    // At t = 60 s the first call has left the window (a fixed window would still refuse until its end).
    time.advance(49_999);
    expect(limiter.take('a')).toBe(false);
    time.advance(1);
    expect(limiter.take('a')).toBe(true);
    expect(limiter.take('a')).toBe(false);
  });

  it('does not count refused calls, so hammering does not push the next chance away', () => {
    const time = manualClock();
    const limiter = slidingWindowLimiter({ max: 2, windowMs: 1_000 }, { clock: time.clock });
    expect([limiter.take('a'), limiter.take('a')]).toEqual([true, true]);
    for (let i = 0; i < 9; i++) {
      time.advance(100);
      expect(limiter.take('a')).toBe(false);
    }
    time.advance(100);
    expect(limiter.take('a')).toBe(true);
  });

  it('forgets keys idle for a whole window', () => {
    const time = manualClock();
    const limiter = slidingWindowLimiter({ max: 1, windowMs: 1_000 }, { clock: time.clock });
    for (const key of ['a', 'b', 'c']) limiter.take(key);
    expect(limiter.size).toBe(3);
    time.advance(1_000);
    limiter.take('d');
    expect(limiter.size).toBe(1);
  });

  it('keeps at most maxKeys keys under a flood of distinct keys, forgetting the longest idle', () => {
    const time = manualClock();
    const limiter = slidingWindowLimiter({ max: 1, windowMs: 60_000 }, { clock: time.clock, maxKeys: 100 });
    limiter.take('first');
    for (let i = 0; i < 1_000; i++) {
      time.advance(1);
      expect(limiter.take(`flood-${i}`)).toBe(true);
      expect(limiter.size).toBeLessThanOrEqual(100);
    }
    // The newest keys are still limited; the first, long pushed out, starts afresh.
    expect(limiter.take('flood-999')).toBe(false);
    expect(limiter.take('first')).toBe(true);
  });

  it('with a limit of zero refuses every call and keeps nothing', () => {
    const limiter = slidingWindowLimiter({ max: 0, windowMs: 1_000 });
    expect(limiter.take('a')).toBe(false);
    expect(limiter.size).toBe(0);
  });
});
