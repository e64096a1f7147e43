import type { DashboardFilters } from '../api/types';

/** The period presets of the dashboards, in days back from today (today included). */
export const PERIOD_PRESETS = [7, 30, 90, 365] as const;
export const DEFAULT_PERIOD_DAYS = 30;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isDay = (value: string | null): value is string =>
  value !== null && DAY.test(value) && Number.isFinite(Date.parse(`${value}T00:00:00Z`));

/** Today as YYYY-MM-DD in UTC, the time zone the analytics tables keep. */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/** The `days` days ending today: [today − days + 1, today]. */
export function lastDays(days: number, now: Date): { from: string; to: string } {
  const to = utcDay(now);
  const from = utcDay(new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * 86_400_000));
  return { from, to };
}

/**
 * The dashboards' filters from the address (`?from=&to=&assignment=`), so a view can be shared. A
 * missing or malformed day, or a range that ends before it starts, falls back to the last 30 days.
 */
export function filtersFromSearch(search: URLSearchParams, now: Date): DashboardFilters {
  const from = search.get('from');
  const to = search.get('to');
  const assignment = search.get('assignment')?.trim() || undefined;
  const period = isDay(from) && isDay(to) && from <= to ? { from, to } : lastDays(DEFAULT_PERIOD_DAYS, now);
  return assignment ? { ...period, assignment_id: assignment } : period;
}

/** The preset a range is, if it is one (for the period switch); null for a custom range. */
export function presetOf(filters: Pick<DashboardFilters, 'from' | 'to'>, now: Date): number | null {
  return (
    PERIOD_PRESETS.find((days) => {
      const range = lastDays(days, now);
      return range.from === filters.from && range.to === filters.to;
    }) ?? null
  );
}
