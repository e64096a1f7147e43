/** Number, date and duration formatting; pure, so the same output for the same locale tag. */

export interface DurationUnits {
  d: string;
  h: string;
  min: string;
  s: string;
}

const DURATION_STEPS = [
  ['d', 86_400],
  ['h', 3_600],
  ['min', 60],
  ['s', 1],
] as const;

/**
 * The largest unit and the next one when not zero ("2 д 3 ч", "5 min"): enough for an uptime.
 * Unit words come from our texts, not Intl, whose Kazakh unit data is missing in some browsers.
 */
export function formatDuration(totalSeconds: number, tag: string, units: DurationUnits): string {
  let rest = Math.max(0, Math.floor(totalSeconds));
  const amounts = DURATION_STEPS.map(([unit, size]) => {
    const amount = Math.floor(rest / size);
    rest -= amount * size;
    return { unit, amount };
  });
  const found = amounts.findIndex(({ amount }) => amount > 0);
  // Under a second reads as "0 s" rather than "0 days".
  const first = found === -1 ? amounts.length - 1 : found;
  return amounts
    .slice(first, first + 2)
    .filter(({ amount }, index) => index === 0 || amount > 0)
    .map(({ unit, amount }) => `${formatNumber(amount, tag)} ${units[unit]}`)
    .join(' ');
}

/** Plain numbers and 64-bit counters (log positions arrive as bigint-sized strings). */
export function formatNumber(value: number | bigint, tag: string, maximumFractionDigits = 0): string {
  return new Intl.NumberFormat(tag, { maximumFractionDigits }).format(value);
}

/** Numeric dates (21.11.2026, 14:05:09): unambiguous, and identical across browsers' locale data. */
export function formatDateTime(value: string | number, tag: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(tag, { dateStyle: 'short', timeStyle: 'medium' }).format(date);
}

export function formatTime(value: string | number, tag: string): string {
  return new Intl.DateTimeFormat(tag, { timeStyle: 'medium' }).format(new Date(value));
}
