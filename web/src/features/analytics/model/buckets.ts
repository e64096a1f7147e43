import type { CredibilityBucket, FinishTimeBucket } from '../api/types';

/** Credibility is 0–100 points in ten buckets: 0 is 0–9 … 9 is 90–100 (100 joins the last). */
export const CREDIBILITY_BUCKETS = 10;
/** 60 points and above count as credible (docs/proctoring.md). */
export const CREDIBLE_FROM_BUCKET = 6;
/** A histogram of finish times is not stretched over more empty buckets than this. */
const MAX_FILLED_BUCKETS = 240;

export function credibilityLabel(bucket: number): string {
  const from = bucket * 10;
  return bucket >= CREDIBILITY_BUCKETS - 1 ? `${from}–100` : `${from}–${from + 9}`;
}

export interface LabelledCount {
  key: number;
  label: string;
  attempts: number;
}

/** Every credibility bucket in order, empty ones as 0, so the distribution's shape is honest. */
export function credibilitySeries(rows: CredibilityBucket[]): LabelledCount[] {
  const counts = new Map<number, number>();
  for (const row of rows) {
    const bucket = Math.min(CREDIBILITY_BUCKETS - 1, Math.max(0, Math.trunc(row.bucket)));
    counts.set(bucket, (counts.get(bucket) ?? 0) + Number(row.attempts));
  }
  return Array.from({ length: CREDIBILITY_BUCKETS }, (_, bucket) => ({
    key: bucket,
    label: credibilityLabel(bucket),
    attempts: counts.get(bucket) ?? 0,
  }));
}

/**
 * Finish times as buckets labelled "from–to" minutes. The server names each bucket by its first minute;
 * the width is the smallest step between two buckets, and the gaps between the first and the last are
 * filled with 0 so that equal widths look equal.
 */
export function finishTimeSeries(rows: FinishTimeBucket[]): LabelledCount[] {
  const counts = new Map<number, number>();
  for (const row of rows)
    counts.set(row.minutes_bucket, (counts.get(row.minutes_bucket) ?? 0) + Number(row.attempts));
  const starts = [...counts.keys()].sort((a, b) => a - b);
  if (starts.length === 0) return [];
  const width = bucketWidth(starts);
  if (width === null)
    return starts.map((start) => ({ key: start, label: String(start), attempts: counts.get(start)! }));
  const first = starts[0]!;
  const last = starts.at(-1)!;
  const filled = Math.round((last - first) / width) + 1 <= MAX_FILLED_BUCKETS;
  const keys = filled
    ? Array.from({ length: Math.round((last - first) / width) + 1 }, (_, i) => first + i * width)
    : starts;
  return keys.map((start) => ({
    key: start,
    label: `${start}–${start + width}`,
    attempts: counts.get(start) ?? 0,
  }));
}

function bucketWidth(starts: number[]): number | null {
  let width: number | null = null;
  for (let i = 1; i < starts.length; i++) {
    const step = starts[i]! - starts[i - 1]!;
    if (step > 0 && (width === null || step < width)) width = step;
  }
  return width;
}
