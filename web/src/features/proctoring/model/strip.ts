import type { TimelineInterval } from './types';

/** One column of the drawn strip: what kinds of interval cover it. */
export interface StripCell {
  violation: boolean;
  warning: boolean;
}

/**
 * Folds intervals into `columns` cells over the span, so the strip draws at most that many marks
 * however many intervals the attempt has (thousands would be thousands of elements otherwise).
 */
export function stripCells(
  intervals: TimelineInterval[],
  span: { from: number; to: number },
  columns: number,
): StripCell[] {
  const cells: StripCell[] = Array.from({ length: columns }, () => ({ violation: false, warning: false }));
  const width = (span.to - span.from) / columns;
  for (const interval of intervals) {
    const start = Date.parse(interval.start);
    const end = Date.parse(interval.end);
    const first = Math.max(0, Math.min(columns - 1, Math.floor((start - span.from) / width)));
    const last = Math.max(first, Math.min(columns - 1, Math.floor((end - span.from) / width)));
    for (let c = first; c <= last; c += 1) cells[c]![interval.kind] = true;
  }
  return cells;
}
