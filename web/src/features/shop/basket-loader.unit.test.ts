import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BASKET_LOADER_LINGER_MS, lingeringFlag } from './basket-loader';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the basket’s loader (001 §9: hides 500 ms after a call)', () => {
  it('lingers 500 ms', () => {
    expect(BASKET_LOADER_LINGER_MS).toBe(500);
  });

  it('shows at once when a call starts and hides 500 ms after it ended', () => {
    const changes: boolean[] = [];
    const flag = lingeringFlag(BASKET_LOADER_LINGER_MS, (shown) => changes.push(shown));
    flag.busy(true);
    expect(changes).toEqual([true]);
    flag.busy(false);
    vi.advanceTimersByTime(499);
    expect(changes).toEqual([true]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual([true, false]);
  });

  it('stays shown when another call starts within the 500 ms, and hides 500 ms after the last', () => {
    const changes: boolean[] = [];
    const flag = lingeringFlag(BASKET_LOADER_LINGER_MS, (shown) => changes.push(shown));
    flag.busy(true);
    flag.busy(false);
    vi.advanceTimersByTime(300);
    flag.busy(true); // the refetch a change causes
    vi.advanceTimersByTime(1_000);
    expect(changes).toEqual([true]);
    flag.busy(false);
    flag.busy(false); // a repeated "idle" does not restart the wait
    vi.advanceTimersByTime(499);
    expect(changes).toEqual([true]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual([true, false]);
  });

  it('shows nothing when nothing ran, and nothing after it was disposed', () => {
    const changes: boolean[] = [];
    const flag = lingeringFlag(BASKET_LOADER_LINGER_MS, (shown) => changes.push(shown));
    flag.busy(false);
    vi.advanceTimersByTime(1_000);
    expect(changes).toEqual([]);
    flag.busy(true);
    flag.busy(false);
    flag.dispose();
    vi.advanceTimersByTime(1_000);
    expect(changes).toEqual([true]);
  });
});
