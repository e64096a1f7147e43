import { describe, expect, it } from 'vitest';
import { attemptState } from './roster';

const NOW = new Date('2026-11-27T10:00:00Z');
const active = { status: 'active', ends_at: null };

describe("an attempt's one state on the proctor's grid", () => {
  it('runs, or is held by the proctor’s latest suspend, resume or stop', () => {
    expect(attemptState(active, undefined, NOW)).toBe('active');
    expect(attemptState(active, 'exam_suspended', NOW)).toBe('suspended');
    expect(attemptState(active, 'exam_resumed', NOW)).toBe('active');
    expect(attemptState(active, 'exam_stopped', NOW)).toBe('stopped');
  });

  it('is finished once over, whatever the proctor did, and once past its time', () => {
    for (const hold of [undefined, 'exam_suspended', 'exam_stopped', 'exam_resumed'])
      expect(attemptState({ status: 'finished', ends_at: null }, hold, NOW)).toBe('finished');
    expect(
      attemptState({ status: 'active', ends_at: new Date('2026-11-27T09:59:59Z') }, undefined, NOW),
    ).toBe('finished');
    expect(
      attemptState({ status: 'active', ends_at: new Date('2026-11-27T10:30:00Z') }, undefined, NOW),
    ).toBe('active');
  });
});
