import type { ProctoringSource } from './vocabulary';
import type { ProctoringAction, TimelineInterval } from './types';

/** What the proctor narrowed the timeline to; empty sets mean "all". */
export interface TimelineFilter {
  types: ReadonlySet<string>;
  sources: ReadonlySet<ProctoringSource>;
}

export const NO_FILTER: TimelineFilter = { types: new Set(), sources: new Set() };

/** An interval passes when its type is chosen and at least one who saw it is a chosen source. */
export function intervalMatches(interval: TimelineInterval, filter: TimelineFilter): boolean {
  if (filter.types.size > 0 && !filter.types.has(interval.type)) return false;
  if (filter.sources.size > 0 && !interval.sources.some((s) => filter.sources.has(s))) return false;
  return true;
}

export function actionMatches(action: ProctoringAction, filter: TimelineFilter): boolean {
  if (filter.types.size > 0 && !filter.types.has(action.action_type)) return false;
  if (filter.sources.size > 0 && !filter.sources.has(action.source)) return false;
  return true;
}

export function filterIntervals(intervals: TimelineInterval[], filter: TimelineFilter): TimelineInterval[] {
  return intervals.filter((i) => intervalMatches(i, filter));
}

export function filterActions(actions: ProctoringAction[], filter: TimelineFilter): ProctoringAction[] {
  if (filter.types.size === 0 && filter.sources.size === 0) return actions;
  return actions.filter((a) => actionMatches(a, filter));
}

/** The types present, for the filter's choices: only what this attempt has, sorted for a stable menu. */
export function typesOf(items: { type?: string; action_type?: string }[]): string[] {
  const types = new Set<string>();
  for (const item of items) types.add(item.type ?? item.action_type ?? '');
  types.delete('');
  return [...types].sort();
}

/** Toggles one value of a filter set, giving a new set (React state stays immutable). */
export function toggled<T>(set: ReadonlySet<T>, value: T): Set<T> {
  const next = new Set(set);
  if (next.has(value)) next.delete(value);
  else next.add(value);
  return next;
}
