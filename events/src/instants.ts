import { z } from 'zod';

/**
 * The years a date of the platform may name: what every store keeps alike (ClickHouse's DateTime64 runs
 * from 1900 to 2299; PostgreSQL and JavaScript further). A client's year 1 or 9999 is a broken clock
 * or a forged value, and once stored it broke the readers after it.
 */
export const INSTANT_YEARS = { from: 1900, to: 2299 } as const;

export function isInstantInRange(value: string | Date): boolean {
  const ms = (value instanceof Date ? value : new Date(value)).getTime();
  if (Number.isNaN(ms)) return false;
  const year = new Date(ms).getUTCFullYear();
  return year >= INSTANT_YEARS.from && year <= INSTANT_YEARS.to;
}

/** An ISO 8601 date and time with its offset, in the years above. */
export const instant = () =>
  z.iso
    .datetime({ offset: true })
    .refine(isInstantInRange, `Дата вне диапазона ${INSTANT_YEARS.from}–${INSTANT_YEARS.to} годов`);
