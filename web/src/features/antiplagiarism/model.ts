/** Colour bands of originality (the server decides the band; the screen only colours it). */
export type Band = 'high' | 'medium' | 'low' | 'short';
export const BAND_COLORS: Record<Band, string> = {
  high: 'green',
  medium: 'yellow',
  low: 'red',
  short: 'gray',
};

export interface Segment {
  text: string;
  marked: boolean;
}

/**
 * A text cut into plain and marked stretches by [start, end) ranges (overlapping or unsorted ones
 * are joined), so matched fragments can be highlighted without HTML. Pure.
 */
export function segmentsOf(text: string, ranges: readonly { start: number; end: number }[]): Segment[] {
  const sorted = ranges
    .map((r) => ({ start: Math.max(0, r.start), end: Math.min(text.length, r.end) }))
    .filter((r) => r.end > r.start)
    .sort((a, b) => a.start - b.start);
  const joined: { start: number; end: number }[] = [];
  for (const range of sorted) {
    const last = joined.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else joined.push({ ...range });
  }
  const segments: Segment[] = [];
  let at = 0;
  for (const range of joined) {
    if (range.start > at) segments.push({ text: text.slice(at, range.start), marked: false });
    segments.push({ text: text.slice(range.start, range.end), marked: true });
    at = range.end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), marked: false });
  return segments;
}

/** Where the last check of an assignment is remembered in this browser (the panel shows its state). */
export const lastCheckKey = (assignmentId: string) => `antiplagiarism-check:${assignmentId}`;
