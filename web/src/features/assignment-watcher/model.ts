import type { AssignmentStatus } from '@sabaq/events';

/** What the waiting room reads of an assignment (the student's own list, docs/assignments.md). */
export interface WatchedAssignment {
  id: string;
  name: string;
  status: AssignmentStatus;
  class_id: string | null;
  starting_at: string;
  max_attempts: number | null;
  is_proctoring: boolean;
}

export interface WatchedAttempt {
  id: string;
  assignment_id: string;
  status: 'active' | 'finished';
}

/** How far ahead the room looks: an exam day. */
export const HORIZON_MS = 24 * 60 * 60 * 1000;

/** Seconds before a start at which a screen reader is told (and 0: the start itself). */
export const MILESTONES_S = [600, 300, 60, 0] as const;

const startOf = (a: WatchedAssignment) => Date.parse(a.starting_at);

/** The start has come by the browser's clock, even if the last answer still said 'remaining'. */
export const hasStarted = (a: WatchedAssignment, now: number) => now >= startOf(a);

/**
 * The status as it stands now: the server's, except that a 'remaining' assignment whose start has
 * passed on this clock counts as running until the next fetch confirms it (the row must not wait
 * for the poll to offer 'Начать').
 */
export function liveStatus(a: WatchedAssignment, now: number): AssignmentStatus {
  return a.status === 'remaining' && hasStarted(a, now) ? 'process' : a.status;
}

/** Running now (suspended counts: the teacher may resume it) or starting within the horizon. */
export function inWaitingRoom(a: WatchedAssignment, now: number): boolean {
  const status = liveStatus(a, now);
  if (status === 'process' || status === 'suspended') return true;
  return status === 'remaining' && startOf(a) - now <= HORIZON_MS;
}

/** Nearest first: running ones (latest start first), then the coming ones by their start. */
export function waitingRoom(list: readonly WatchedAssignment[], now: number): WatchedAssignment[] {
  return list
    .filter((a) => inWaitingRoom(a, now))
    .sort((x, y) => {
      const xs = hasStarted(x, now);
      const ys = hasStarted(y, now);
      if (xs !== ys) return xs ? -1 : 1;
      return xs ? startOf(y) - startOf(x) : startOf(x) - startOf(y);
    });
}

export type AttemptState = 'not-started' | 'in-progress' | 'finished';

export function attemptState(attempts: readonly WatchedAttempt[]): AttemptState {
  if (attempts.some((a) => a.status === 'active')) return 'in-progress';
  return attempts.length > 0 ? 'finished' : 'not-started';
}

/** The row's button: where it leads and what it says, and why the assignment cannot be started. */
export interface RowAction {
  kind: 'open' | 'start';
  to: string;
  blocked?: 'suspended' | 'no-attempts';
}

/**
 * 'Начать' leads to the register page (rules, proctoring consent, equipment check, then the start
 * itself), only while a new attempt can be started; everything else opens the assignment's page,
 * which says what the student may do.
 */
export function rowAction(a: WatchedAssignment, attempts: readonly WatchedAttempt[], now: number): RowAction {
  const page = `/s/assignments/${encodeURIComponent(a.id)}`;
  const status = liveStatus(a, now);
  if (attemptState(attempts) === 'in-progress') return { kind: 'open', to: page };
  if (status === 'suspended') return { kind: 'open', to: page, blocked: 'suspended' };
  if (status !== 'process') return { kind: 'open', to: page };
  if (a.max_attempts !== null && attempts.length >= a.max_attempts)
    return { kind: 'open', to: page, blocked: 'no-attempts' };
  return { kind: 'start', to: `${page}/register` };
}

/** 1:02:05 or 04:59: what is left before a start, never negative. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/**
 * The milestone passed between two ticks (10, 5, 1 minute before the start, or the start: 0), or null.
 * Only a crossing counts, so opening the page 3 minutes before the start announces nothing until
 * the 1-minute mark, and a slow tick that jumps two marks announces the nearer one.
 */
export function crossedMilestone(startMs: number, previousNow: number, now: number): number | null {
  const before = (startMs - previousNow) / 1000;
  const after = (startMs - now) / 1000;
  const crossed = MILESTONES_S.filter((mark) => before > mark && after <= mark);
  return crossed.length > 0 ? Math.min(...crossed) : null;
}
