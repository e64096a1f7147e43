import type { ViolationsByDay } from '../api/types';

/** A period longer than this is drawn from the days that have data, not day by day. */
const MAX_FILLED_DAYS = 400;

export type DayRow = { day: string } & Record<string, number | string>;

export interface StackedDays {
  /** One row per day: the day and the actions of each type (0 where there were none). */
  rows: DayRow[];
  /** The types present, the most frequent first: the order of the stacks and of the legend. */
  types: string[];
}

/** The server may send a date or a date-time; the day is its first ten characters. */
export const dayOf = (value: string) => value.slice(0, 10);

/** Every day from `from` to `to` (YYYY-MM-DD, both included), in UTC; [] when the range is invalid. */
export function daysBetween(from: string, to: string): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) return [];
  const count = Math.round((end - start) / 86_400_000) + 1;
  if (count > MAX_FILLED_DAYS) return [];
  return Array.from({ length: count }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}

/**
 * Violations per day stacked by type, for a bar chart: the filter's days are all there (a quiet day is a
 * 0, not a missing bar), and days the server sent outside them are kept.
 */
export function stackByDay(items: ViolationsByDay[], from?: string, to?: string): StackedDays {
  const totals = new Map<string, number>();
  const byDay = new Map<string, Map<string, number>>();
  for (const item of items) {
    const day = dayOf(item.day);
    const actions = Number(item.actions);
    totals.set(item.action_type, (totals.get(item.action_type) ?? 0) + actions);
    const types = byDay.get(day) ?? new Map<string, number>();
    types.set(item.action_type, (types.get(item.action_type) ?? 0) + actions);
    byDay.set(day, types);
  }
  const types = [...totals.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([t]) => t);
  const days = new Set([...(from && to ? daysBetween(from, to) : []), ...byDay.keys()]);
  const rows = [...days].sort().map((day) => {
    const row: DayRow = { day };
    for (const type of types) row[type] = byDay.get(day)?.get(type) ?? 0;
    return row;
  });
  return { rows, types };
}
