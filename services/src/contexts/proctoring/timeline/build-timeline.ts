import { proctoringActionKind, type ProctoringSource, type ReviewDecision } from '@sabaq/events';
import { durationClass, durationText, type DurationClass } from './duration';
import { mergeRuleFor, type TimelineSettings } from './tolerances';

/** One recorded action as the timeline sees it; `at` in epoch milliseconds. */
export interface TimelineSignal {
  id: string;
  type: string;
  at: number;
  source: ProctoringSource;
}

/** A review as recorded: the span it was made on, in epoch milliseconds; later reviews come later. */
export interface TimelineReview {
  actionType: string;
  start: number;
  end: number;
  decision: ReviewDecision;
  note: string | null;
  reviewerId: string;
  reviewedAt: string;
}

export interface TimelineInterval {
  /** Names the interval for a review: its type and its start. */
  key: string;
  type: string;
  kind: 'violation' | 'warning';
  start: string;
  end: string;
  /** Whole seconds from the first signal to the last. */
  duration: number;
  duration_class: DurationClass;
  duration_text: string;
  signals: number;
  sources: ProctoringSource[];
  review: { decision: ReviewDecision; note: string | null; reviewer_id: string; reviewed_at: string } | null;
}

export interface Timeline {
  violations: TimelineInterval[];
  warnings: TimelineInterval[];
  /** Signals left out because their interval had fewer than the type's minimum (detector flicker). */
  dropped: number;
}

interface Open {
  type: string;
  start: number;
  end: number;
  signals: number;
  sources: Set<ProctoringSource>;
}

/**
 * Merges an attempt's violations and warnings into intervals, per type: signals sorted by time (so
 * late and out-of-order arrivals land where they belong, and a retried id counts once), a signal at
 * most the type's tolerance after the previous one extends its interval, otherwise it opens a new one;
 * intervals with fewer signals than the type's minimum are dropped. Proctor and lifecycle actions are
 * not intervals. Each interval carries the latest review whose span overlaps it.
 */
export function buildTimeline(
  signals: readonly TimelineSignal[],
  settings: TimelineSettings,
  reviews: readonly TimelineReview[] = [],
): Timeline {
  const byType = new Map<string, TimelineSignal[]>();
  const seen = new Set<string>();
  for (const signal of signals) {
    if (seen.has(signal.id)) continue;
    seen.add(signal.id);
    const kind = proctoringActionKind(signal.type);
    if (kind !== 'violation' && kind !== 'warning') continue;
    const list = byType.get(signal.type) ?? [];
    list.push(signal);
    byType.set(signal.type, list);
  }
  const intervals: TimelineInterval[] = [];
  let dropped = 0;
  for (const [type, list] of byType) {
    const rule = mergeRuleFor(type, settings);
    list.sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
    let open: Open | undefined;
    const close = (interval: Open) => {
      if (interval.signals < rule.minSignals) dropped += interval.signals;
      else intervals.push(finish(interval, reviews));
    };
    for (const signal of list) {
      if (open && signal.at - open.end <= rule.gapMs) {
        open.end = signal.at;
        open.signals += 1;
        open.sources.add(signal.source);
        continue;
      }
      if (open) close(open);
      open = { type, start: signal.at, end: signal.at, signals: 1, sources: new Set([signal.source]) };
    }
    if (open) close(open);
  }
  intervals.sort((a, b) => a.start.localeCompare(b.start) || a.type.localeCompare(b.type));
  return {
    violations: intervals.filter((i) => i.kind === 'violation'),
    warnings: intervals.filter((i) => i.kind === 'warning'),
    dropped,
  };
}

const SOURCE_ORDER: ProctoringSource[] = ['client', 'server', 'proctor'];

function finish(open: Open, reviews: readonly TimelineReview[]): TimelineInterval {
  const duration = Math.round((open.end - open.start) / 1000);
  const review = reviews.findLast(
    (r) => r.actionType === open.type && r.start <= open.end && r.end >= open.start,
  );
  return {
    key: `${open.type}:${open.start}`,
    type: open.type,
    kind: proctoringActionKind(open.type) === 'warning' ? 'warning' : 'violation',
    start: new Date(open.start).toISOString(),
    end: new Date(open.end).toISOString(),
    duration,
    duration_class: durationClass(duration),
    duration_text: durationText(duration),
    signals: open.signals,
    sources: SOURCE_ORDER.filter((s) => open.sources.has(s)),
    review: review
      ? {
          decision: review.decision,
          note: review.note,
          reviewer_id: review.reviewerId,
          reviewed_at: review.reviewedAt,
        }
      : null,
  };
}
