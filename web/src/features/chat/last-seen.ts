import type { ChatMessages } from './i18n/ru';

type LastSeenKey = keyof ChatMessages & `lastSeen${string}`;

/** Which text says when an offline participant was last active, and what fills it. */
export interface LastSeen {
  key: LastSeenKey;
  values: Record<string, string | number>;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "был(а) в сети …" for an offline participant (001 §7 "last activity": their last sign-in or session
 * refresh): within a minute "только что", within an hour in minutes, within a day in hours, else the date
 * and time in the language's numeric form. A time ahead of this clock (the server's runs a little ahead)
 * reads as just now. Nothing for somebody never active (null) or a value that is not a date.
 */
export function lastSeen(value: string | null | undefined, now: Date, formatTag: string): LastSeen | null {
  if (!value) return null;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return null;
  const ago = now.getTime() - at.getTime();
  if (ago < MINUTE) return { key: 'lastSeenJustNow', values: {} };
  if (ago < HOUR) return { key: 'lastSeenMinutes', values: { count: Math.floor(ago / MINUTE) } };
  if (ago < DAY) return { key: 'lastSeenHours', values: { count: Math.floor(ago / HOUR) } };
  const date = new Intl.DateTimeFormat(formatTag, { dateStyle: 'short', timeStyle: 'short' }).format(at);
  return { key: 'lastSeenAt', values: { date } };
}
