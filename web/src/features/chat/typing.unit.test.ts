import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPING_TIMEOUT_MS, TypingSender, TypingTracker } from './typing';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('who is typing', () => {
  it('forgets a typist 3 s after their last start-typing, or at once on end-typing', () => {
    const seen: string[][] = [];
    const tracker = new TypingTracker((typists) => seen.push(typists));
    tracker.start('a');
    tracker.start('b');
    vi.advanceTimersByTime(TYPING_TIMEOUT_MS - 100);
    tracker.start('a');
    vi.advanceTimersByTime(200);
    expect(seen.at(-1)).toEqual(['a']);
    tracker.end('a');
    expect(seen.at(-1)).toEqual([]);
    const count = seen.length;
    tracker.end('a');
    expect(seen).toHaveLength(count);
  });
});

describe('telling others one types', () => {
  it('says start-typing at most once a second, and end-typing 3 s after the last key or on send', () => {
    let now = 0;
    const sent: string[] = [];
    const sender = new TypingSender(
      (event) => sent.push(event),
      () => now,
    );
    now = 5000;
    sender.input();
    now = 5400;
    sender.input();
    expect(sent).toEqual(['start-typing']);
    now = 6100;
    sender.input();
    expect(sent).toEqual(['start-typing', 'start-typing']);
    vi.advanceTimersByTime(TYPING_TIMEOUT_MS);
    expect(sent.at(-1)).toBe('end-typing');
    now = 9000;
    sender.input();
    sender.stop();
    expect(sent.slice(-2)).toEqual(['start-typing', 'end-typing']);
    sender.stop();
    expect(sent.filter((e) => e === 'end-typing')).toHaveLength(2);
  });
});
