import type { DurationClass } from './types';

/**
 * An interval's length as the server shows it (timeline/duration.ts): whole seconds as HH:mm:ss,
 * hours not wrapped at 24, so a long exam reads 26:00:00 and not 02:00:00.
 */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}

/** The server's classes: up to a minute is seconds, up to an hour minutes, above that hours. */
export function durationClassOf(seconds: number): DurationClass {
  if (seconds <= 60) return 'seconds';
  if (seconds <= 3600) return 'minutes';
  return 'hours';
}

/** Whole seconds between two instants, as the server counts an interval's duration. */
export function secondsBetween(start: string, end: string): number {
  return Math.max(0, Math.floor((Date.parse(end) - Date.parse(start)) / 1000));
}

/** The wall-clock time of an instant, HH:mm:ss in the browser's zone (timelines need the seconds). */
export function clockTime(at: string | number): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return '—';
  return [date.getHours(), date.getMinutes(), date.getSeconds()]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');
}
