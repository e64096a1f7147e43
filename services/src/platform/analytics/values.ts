/**
 * Values crossing into ClickHouse, made identical for chdb and a server.
 *
 * Dates become Unix seconds with a millisecond fraction ("1704164645.678"): ClickHouse reads that as an
 * instant whatever the session's time zone, in query parameters and in JSONEachRow alike. (chdb's own
 * parameter binder drops the milliseconds of a JS Date, the HTTP client keeps them.) Bigints become
 * decimal strings because JSON.stringify refuses them and ClickHouse parses 64-bit integers from text.
 */
export function toClickHouseValue(value: unknown): unknown {
  if (value instanceof Date) return epochSeconds(value);
  // JSON has no NaN or Infinity (they would go as null to a column that may not take it): refused here.
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new RangeError(`${value} cannot be sent to ClickHouse`);
  }
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(toClickHouseValue);
  return value;
}

export function toClickHouseRecord(record: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) out[key] = toClickHouseValue(value);
  return out;
}

/**
 * DateTime64's range. A date outside it made ClickHouse refuse the whole insert (CANNOT_PARSE_DATETIME)
 * and so every row batched with it, again at each retry: it is clamped to the nearest end instead.
 */
export const CLICKHOUSE_DATE_RANGE = {
  min: Date.UTC(1900, 0, 1),
  max: Date.UTC(2299, 11, 31, 23, 59, 59, 999),
} as const;

export function fitsClickHouseDate(date: Date): boolean {
  const ms = date.getTime();
  return ms >= CLICKHOUSE_DATE_RANGE.min && ms <= CLICKHOUSE_DATE_RANGE.max;
}

function epochSeconds(date: Date): string {
  const raw = date.getTime();
  if (Number.isNaN(raw)) throw new RangeError('Invalid Date cannot be sent to ClickHouse');
  const ms = Math.min(Math.max(raw, CLICKHOUSE_DATE_RANGE.min), CLICKHOUSE_DATE_RANGE.max);
  const abs = Math.abs(ms);
  return `${ms < 0 ? '-' : ''}${Math.floor(abs / 1000)}.${String(abs % 1000).padStart(3, '0')}`;
}
