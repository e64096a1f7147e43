import { describe, expect, it } from 'vitest';
import { clock, crossedThreshold, secondsLeft } from './timer-model';

describe('the exam timer', () => {
  it('speaks only when a threshold is crossed, not every second', () => {
    expect(crossedThreshold(null, 1800)).toBeNull();
    expect(crossedThreshold(1801, 1800)).toBe(1800);
    expect(crossedThreshold(1800, 1799)).toBeNull();
    expect(crossedThreshold(602, 599)).toBe(600);
    expect(crossedThreshold(61, 60)).toBe(60);
    expect(crossedThreshold(1, 0)).toBe(0);
    expect(crossedThreshold(0, 0)).toBeNull();
  });
  it('after a jump across several marks (the tab slept) the most urgent one counts', () => {
    expect(crossedThreshold(1200, 240)).toBe(300);
  });
  it('counts seconds left from the end, rounded up, never below zero', () => {
    const now = Date.parse('2026-01-01T10:00:00Z');
    expect(secondsLeft('2026-01-01T10:00:01.200Z', now)).toBe(2);
    expect(secondsLeft('2026-01-01T09:00:00Z', now)).toBe(0);
    expect(secondsLeft(null, now)).toBeNull();
  });
  it('shows HH:mm:ss', () => {
    expect(clock(3725)).toBe('01:02:05');
    expect(clock(59)).toBe('00:00:59');
  });
});
