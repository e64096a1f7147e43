import type { CredibilityBucket, FinishTimeBucket } from '../api/types';

/** Credibility is 0–100 points in ten buckets: 0 is 0–9 … 9 is 90–100 (100 joins the last). */
export const CREDIBILITY_BUCKETS = 10;
/** 60 points and above count as credible (docs/proctoring.md). */
export const CREDIBLE_FROM_BUCKET = 6;
/** The width of the server's time-to-finish buckets (services' FINISH_BUCKET_MINUTES). */
export const FINISH_BUCKET_MINUTES = 5;
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
 * Finish times as buckets labelled "from–to" minutes: the server names each bucket by its first minute.
 * The gaps between the first and the last bucket are filled with 0, so that equal widths look equal.
 */
export function finishTimeSeries(rows: FinishTimeBucket[], width = FINISH_BUCKET_MINUTES): LabelledCount[] {
  const counts = new Map<number, number>();
  for (const row of rows)
    counts.set(row.minutes_bucket, (counts.get(row.minutes_bucket) ?? 0) + Number(row.attempts));
  const starts = [...counts.keys()].sort((a, b) => a - b);
  if (starts.length === 0) return [];
  const first = starts[0]!;
  const span = Math.round((starts.at(-1)! - first) / width) + 1;
  const aligned = starts.every((start) => (start - first) % width === 0);
  const keys =
    aligned && span <= MAX_FILLED_BUCKETS
      ? Array.from({ length: span }, (_, i) => first + i * width)
      : starts;
  return keys.map((start) => ({
    key: start,
    label: `${start}–${start + width}`,
    attempts: counts.get(start) ?? 0,
  }));
}
