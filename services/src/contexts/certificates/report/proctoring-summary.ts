import type { PublicProctoringSummary } from '@sabaq/events';

/** The stored timeline's parts a public summary reads (proctoring's `proctoring_timelines` row). */
export interface StoredTimeline {
  violations?: readonly SummaryInterval[];
  warnings?: readonly SummaryInterval[];
}
interface SummaryInterval {
  type: string;
  duration: number;
  review: { decision: string } | null;
}

/**
 * What a public report says about proctoring: the credibility score and, per type, how many intervals
 * and how many seconds. Intervals a reviewer dismissed are left out (they were judged not to be
 * violations); nothing else of the timeline (times, sources, notes, reviewers) leaves the school.
 */
export function proctoringSummary(timeline: StoredTimeline, credibility: number): PublicProctoringSummary {
  const types = new Map<string, PublicProctoringSummary['types'][number]>();
  const add = (interval: SummaryInterval, kind: 'violation' | 'warning') => {
    if (interval.review?.decision === 'dismissed') return;
    const entry = types.get(interval.type) ?? { type: interval.type, kind, intervals: 0, seconds: 0 };
    entry.intervals += 1;
    entry.seconds += interval.duration;
    types.set(interval.type, entry);
  };
  for (const interval of timeline.violations ?? []) add(interval, 'violation');
  for (const interval of timeline.warnings ?? []) add(interval, 'warning');
  return {
    credibility,
    types: [...types.values()].sort(
      (a, b) =>
        (a.kind === b.kind ? 0 : a.kind === 'violation' ? -1 : 1) ||
        b.intervals - a.intervals ||
        a.type.localeCompare(b.type),
    ),
  };
}
