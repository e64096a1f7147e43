import type { DeviceFinding } from '@sabaq/events';

const idOf = (f: DeviceFinding) => `${f.kind}:${f.key}`;

/**
 * What changed between two successive findings: the conditions that began (true now, not before) and
 * those that ended. The agent reports the set true now; the page warns the student of what began.
 */
export function findingChanges(
  before: readonly DeviceFinding[],
  now: readonly DeviceFinding[],
): { began: DeviceFinding[]; ended: DeviceFinding[] } {
  const was = new Set(before.map(idOf));
  const is = new Set(now.map(idOf));
  return {
    began: now.filter((f) => !was.has(idOf(f))),
    ended: before.filter((f) => !is.has(idOf(f))),
  };
}
