import {
  proctoringActionKind,
  type ProctoringCondition,
  type ProctoringSource,
  type ReviewDecision,
  type Timeline,
  type TimelineInterval,
} from '@sabaq/events';
import { addConditionPhase, addSessionEnd, joinShown, SESSION_END, shownEnd } from './conditions';
import { durationClass, durationText } from './duration';
import { mergeRuleFor, type TimelineSettings } from './tolerances';

/** One recorded action as the timeline sees it; `at` in epoch milliseconds. */
export interface TimelineSignal {
  id: string;
  type: string;
  at: number;
  source: ProctoringSource;
  /** A phase of a lasting condition (conditions.ts); absent for a point signal. */
  condition?: ProctoringCondition | null;
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

/** The answer's shapes are the contract's (events/src/contexts/proctoring-timeline.ts), shared with the web app. */
export type { Timeline, TimelineInterval };

/**
 * A maximal run of one type's signals, each at most the type's tolerance after the previous one,
 * kept whether or not it reaches the type's minimum (so a later signal can still lift it over).
 * Times in epoch milliseconds; sources in a fixed order.
 */
export interface Run {
  type: string;
  start: number;
  end: number;
  signals: number;
  sources: ProctoringSource[];
  /** A condition's run (conditions.ts): its id; point runs have none and never join it. */
  condition?: string;
  /** The condition's end as the client reported it; absent while it is open. */
  closedAt?: number;
}

/** What a signal is to the timeline: a point to merge, a condition's phase, a session end, or nothing. */
export function signalRole(signal: TimelineSignal): 'point' | 'condition' | 'session_end' | null {
  if (signal.type === SESSION_END) return 'session_end';
  const kind = proctoringActionKind(signal.type);
  if (kind !== 'violation' && kind !== 'warning') return null;
  return signal.condition ? 'condition' : 'point';
}
const isPointSignal = (signal: TimelineSignal) => signalRole(signal) === 'point';

/** Point signals of warnings and violations, by type, each id once, sorted by time. */
function signalsByType(signals: readonly TimelineSignal[]): Map<string, TimelineSignal[]> {
  const byType = new Map<string, TimelineSignal[]>();
  const seen = new Set<string>();
  for (const signal of signals) {
    if (seen.has(signal.id)) continue;
    seen.add(signal.id);
    if (!isPointSignal(signal)) continue;
    const list = byType.get(signal.type) ?? [];
    list.push(signal);
    byType.set(signal.type, list);
  }
  for (const list of byType.values()) list.sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
  return byType;
}

/**
 * Merges signals into runs, per type: sorted by time (so late and out-of-order arrivals land where they
 * belong, and a retried id counts once), a signal at most the type's tolerance after the previous one
 * extends its run, otherwise it opens a new one.
 */
export function mergeSignals(signals: readonly TimelineSignal[], settings: TimelineSettings): Run[] {
  let runs: Run[] = [];
  for (const [type, list] of signalsByType(signals)) {
    const { gapMs } = mergeRuleFor(type, settings);
    let open: (Omit<Run, 'sources'> & { sources: Set<ProctoringSource> }) | undefined;
    const close = () => {
      if (open) runs.push({ ...open, sources: SOURCE_ORDER.filter((s) => open!.sources.has(s)) });
    };
    for (const signal of list) {
      if (open && signal.at - open.end <= gapMs) {
        open.end = signal.at;
        open.signals += 1;
        open.sources.add(signal.source);
        continue;
      }
      close();
      open = { type, start: signal.at, end: signal.at, signals: 1, sources: new Set([signal.source]) };
    }
    close();
  }
  // Conditions and session ends, each id once, folded in any order (their folding does not depend on it).
  const seen = new Set<string>();
  for (const signal of signals) {
    if (seen.has(signal.id)) continue;
    seen.add(signal.id);
    const role = signalRole(signal);
    if (role === 'condition') runs = addConditionPhase(runs, signal);
    else if (role === 'session_end') runs = addSessionEnd(runs, signal);
  }
  return sortRuns(runs);
}

export const sortRuns = (runs: Run[]): Run[] =>
  runs.sort(
    (a, b) =>
      a.start - b.start ||
      a.type.localeCompare(b.type) ||
      (a.condition ?? '').localeCompare(b.condition ?? '') ||
      a.end - b.end,
  );

/**
 * The timeline shown from an attempt's runs: runs below their type's minimum are dropped (detector
 * flicker, counted in `dropped`), warnings are listed apart from violations, and each interval carries
 * the latest review whose span overlaps it.
 */
export function timelineFromRuns(
  runs: readonly Run[],
  settings: TimelineSettings,
  reviews: readonly TimelineReview[] = [],
): Timeline {
  let dropped = 0;
  const sessionEnds = runs.filter((r) => r.type === SESSION_END).map((r) => r.start);
  const kept: Run[] = [];
  for (const run of runs) {
    if (run.type === SESSION_END) continue;
    // A condition was already sustained on the client: its run is an interval whatever its phases.
    if (run.condition === undefined && run.signals < mergeRuleFor(run.type, settings).minSignals)
      dropped += run.signals;
    else kept.push({ ...run, end: shownEnd(run, sessionEnds) });
  }
  const intervals = joinShown(kept, settings).map((run) => finish(run, reviews));
  intervals.sort((a, b) => a.start.localeCompare(b.start) || a.type.localeCompare(b.type));
  return {
    violations: intervals.filter((i) => i.kind === 'violation'),
    warnings: intervals.filter((i) => i.kind === 'warning'),
    dropped,
  };
}

/** Merges an attempt's signals and presents them: mergeSignals, then timelineFromRuns. */
export function buildTimeline(
  signals: readonly TimelineSignal[],
  settings: TimelineSettings,
  reviews: readonly TimelineReview[] = [],
): Timeline {
  return timelineFromRuns(mergeSignals(signals, settings), settings, reviews);
}

const SOURCE_ORDER: ProctoringSource[] = ['client', 'server', 'proctor'];

function finish(open: Run, reviews: readonly TimelineReview[]): TimelineInterval {
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
    sources: open.sources,
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
