import type { DurationClass } from '@sabaq/events';

/** Specification 000 §4: action durations are classed seconds (up to 60 s), minutes (up to 3600 s), hours. */
export type { DurationClass };

export function durationClass(seconds: number): DurationClass {
  if (seconds <= 60) return 'seconds';
  if (seconds <= 3600) return 'minutes';
  return 'hours';
}

/** HH:mm:ss, whole seconds; hours are not wrapped at 24 (an attempt left open for days shows 49:00:00). */
export function durationText(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(hours)}:${two(minutes)}:${two(rest)}`;
}
