import { describe, expect, it } from 'vitest';
import {
  attemptState,
  crossedMilestone,
  formatCountdown,
  liveStatus,
  rowAction,
  waitingRoom,
  type WatchedAssignment,
  type WatchedAttempt,
} from './model';

const NOW = Date.parse('2026-11-24T09:00:00Z');
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();
const assignment = (over: Partial<WatchedAssignment>): WatchedAssignment => ({
  id: 'a',
  name: 'Экзамен',
  status: 'remaining',
  class_id: null,
  starting_at: at(10),
  max_attempts: 1,
  is_proctoring: true,
  ...over,
});
const attempt = (status: WatchedAttempt['status']): WatchedAttempt => ({
  id: `t-${status}`,
  assignment_id: 'a',
  status,
});

describe('the waiting room list', () => {
  it('keeps running and coming-today assignments, running first, then the nearest start', () => {
    const list = [
      assignment({ id: 'tomorrow-late', starting_at: at(25 * 60) }),
      assignment({ id: 'in-2h', starting_at: at(120) }),
      assignment({ id: 'done', status: 'completed', starting_at: at(-120) }),
      assignment({ id: 'in-5m', starting_at: at(5) }),
      assignment({ id: 'running-old', status: 'process', starting_at: at(-90) }),
      assignment({ id: 'running-new', status: 'process', starting_at: at(-3) }),
      assignment({ id: 'paused', status: 'suspended', starting_at: at(-30) }),
    ];
    expect(waitingRoom(list, NOW).map((a) => a.id)).toEqual([
      'running-new',
      'paused',
      'running-old',
      'in-5m',
      'in-2h',
    ]);
  });

  it('counts a start that has passed on this clock as running before the server says so', () => {
    const a = assignment({ starting_at: at(-0.1) });
    expect(liveStatus(a, NOW)).toBe('process');
    expect(liveStatus(assignment({ starting_at: at(1) }), NOW)).toBe('remaining');
  });
});

describe('a row', () => {
  it('words the attempt', () => {
    expect(attemptState([])).toBe('not-started');
    expect(attemptState([attempt('finished'), attempt('active')])).toBe('in-progress');
    expect(attemptState([attempt('finished')])).toBe('finished');
  });

  it('offers to start through the register page once the start has come, and to open otherwise', () => {
    expect(rowAction(assignment({}), [], NOW)).toEqual({ kind: 'open', to: '/s/assignments/a' });
    expect(rowAction(assignment({ starting_at: at(-1) }), [], NOW)).toEqual({
      kind: 'start',
      to: '/s/assignments/a/register',
    });
    expect(rowAction(assignment({ status: 'process' }), [attempt('active')], NOW).kind).toBe('open');
    expect(rowAction(assignment({ status: 'process' }), [attempt('finished')], NOW)).toEqual({
      kind: 'open',
      to: '/s/assignments/a',
      blocked: 'no-attempts',
    });
    expect(
      rowAction(assignment({ status: 'process', max_attempts: null }), [attempt('finished')], NOW).kind,
    ).toBe('start');
    expect(rowAction(assignment({ status: 'suspended' }), [], NOW).blocked).toBe('suspended');
  });
});

describe('the countdown', () => {
  it('prints minutes and seconds, hours when there are any, never below zero', () => {
    expect(formatCountdown(299_001)).toBe('05:00');
    expect(formatCountdown(3_725_000)).toBe('1:02:05');
    expect(formatCountdown(-5_000)).toBe('00:00');
  });

  it('announces only when a milestone is crossed, the nearer one when a tick jumps two', () => {
    const start = NOW + 10 * 60_000;
    expect(crossedMilestone(start, NOW - 1000, NOW)).toBe(600);
    expect(crossedMilestone(start, NOW, NOW + 1000)).toBeNull();
    expect(crossedMilestone(start, start - 301_000, start - 300_000)).toBe(300);
    expect(crossedMilestone(start, start - 61_000, start - 59_000)).toBe(60);
    expect(crossedMilestone(start, start - 500, start)).toBe(0);
    expect(crossedMilestone(start, start - 400_000, start - 30_000)).toBe(60);
    expect(crossedMilestone(start, start + 1000, start + 2000)).toBeNull();
  });
});
