/** At most `max` calls per key within any `windowMs` span. */
export interface SlidingWindow {
  max: number;
  windowMs: number;
}

export interface SlidingWindowLimiter {
  /**
   * Counts a call of `key` and answers true, or answers false when the key already made `max` calls in
   * the last `windowMs` (a refused call is not counted, so it does not push the key's next chance away).
   */
  take(key: string): boolean;
  /** How many keys are remembered now. */
  readonly size: number;
}

/** Keys remembered at most by default: beyond, the key idle the longest is forgotten. */
export const DEFAULT_MAX_KEYS = 10_000;

/**
 * A per-key sliding-window limiter in this process's memory (several api instances allow up to `max`
 * each). Memory is bounded: a key keeps at most `max` call times, keys idle for a whole window are
 * dropped as calls come, and past `maxKeys` the key whose last counted call is oldest is forgotten, so
 * a flood of distinct keys cannot grow it (a forgotten key starts afresh, a price paid only under such
 * a flood). Each call costs O(max) plus the idle keys it drops.
 */
export function slidingWindowLimiter(
  limit: SlidingWindow,
  options: { clock?: () => Date; maxKeys?: number } = {},
): SlidingWindowLimiter {
  const clock = options.clock ?? (() => new Date());
  const maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS;
  // Each key's counted call times, oldest first. A key moves to the map's end when a call is counted,
  // so the map runs from the oldest last call to the newest: idle keys are always at its front.
  const calls = new Map<string, number[]>();
  const inWindow = (time: number, now: number) => now - time < limit.windowMs;

  function forgetIdle(now: number): void {
    for (const [key, times] of calls) {
      if (inWindow(times[times.length - 1]!, now)) return;
      calls.delete(key);
    }
  }

  return {
    take(key) {
      const now = clock().getTime();
      forgetIdle(now);
      const recent = (calls.get(key) ?? []).filter((time) => inWindow(time, now));
      if (recent.length >= limit.max) {
        // Still non-empty unless max is 0 (then nothing is ever counted, and nothing kept).
        if (recent.length > 0) calls.set(key, recent);
        return false;
      }
      recent.push(now);
      calls.delete(key);
      calls.set(key, recent);
      for (const oldest of calls.keys()) {
        if (calls.size <= maxKeys) break;
        calls.delete(oldest);
      }
      return true;
    },
    get size() {
      return calls.size;
    },
  };
}
