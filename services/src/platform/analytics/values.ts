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
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(toClickHouseValue);
  return value;
}

export function toClickHouseRecord(record: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) out[key] = toClickHouseValue(value);
  return out;
}

function epochSeconds(date: Date): string {
  const ms = date.getTime();
  if (Number.isNaN(ms)) throw new RangeError('Invalid Date cannot be sent to ClickHouse');
  const abs = Math.abs(ms);
  return `${ms < 0 ? '-' : ''}${Math.floor(abs / 1000)}.${String(abs % 1000).padStart(3, '0')}`;
}
