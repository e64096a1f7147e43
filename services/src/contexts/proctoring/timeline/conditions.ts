import { CONDITION_SESSION_GRACE_MS } from '@sabaq/events';
import type { Run, TimelineSignal } from './build-timeline';
import { mergeRuleFor, type TimelineSettings } from './tolerances';

/**
 * Session ends are kept among the runs as markers of this type (never shown: a lifecycle action), so
 * that the stored runs alone say where an open condition closes, without reading the attempt's actions.
 */
export const SESSION_END = 'session_ended';

const SOURCE_ORDER = ['client', 'server', 'proctor'] as const;

/**
 * A condition's phase folded into its run (one run per type and condition id): the run spans the
 * earliest to the latest phase, and once the end is known it ends there, whatever arrives later. Phases
 * may come in any order, late or twice (the caller passes each event id once): the result is the same.
 */
export function addConditionPhase(runs: readonly Run[], signal: TimelineSignal): Run[] {
  const condition = signal.condition!;
  const index = runs.findIndex((r) => r.type === signal.type && r.condition === condition.id);
  const run = index < 0 ? undefined : runs[index]!;
  const sources = new Set([signal.source, ...(run?.sources ?? [])]);
  const isEnd = condition.phase === 'end';
  const closedAt = isEnd ? Math.max(signal.at, run?.closedAt ?? signal.at) : run?.closedAt;
  const start = Math.min(signal.at, run?.start ?? signal.at);
  const latest = Math.max(signal.at, run?.end ?? signal.at);
  const next: Run = {
    type: signal.type,
    start,
    // An end closes the interval: a heartbeat stamped after it (a clock step) does not stretch it.
    end: closedAt ?? latest,
    signals: (run?.signals ?? 0) + 1,
    sources: SOURCE_ORDER.filter((s) => sources.has(s)),
    condition: condition.id,
    ...(closedAt !== undefined ? { closedAt } : {}),
  };
  return index < 0 ? [...runs, next] : runs.map((r, i) => (i === index ? next : r));
}

/** A session end as its marker run; the same end twice (a replayed id is never passed) is kept once. */
export function addSessionEnd(runs: readonly Run[], signal: TimelineSignal): Run[] {
  if (runs.some((r) => r.type === SESSION_END && r.start === signal.at)) return [...runs];
  return [...runs, { type: SESSION_END, start: signal.at, end: signal.at, signals: 1, sources: ['client'] }];
}

/**
 * Where an interval ends as shown: a closed condition at its end, an open one at the first session end
 * after its last heartbeat when the client was alive until then (the heartbeat at most the grace before
 * it), otherwise at its last heartbeat (a lost client). Point runs end at their last signal.
 */
export function shownEnd(run: Run, sessionEnds: readonly number[]): number {
  if (run.condition === undefined || run.closedAt !== undefined) return run.end;
  const next = sessionEnds.filter((at) => at >= run.end).sort((a, b) => a - b)[0];
  return next !== undefined && next - run.end <= CONDITION_SESSION_GRACE_MS ? next : run.end;
}

/**
 * The runs as shown: per type, runs that overlap or lie at most the type's tolerance apart are one
 * interval, so a condition and the server's or a proctor's signals about the same moment (or two
 * detectors reporting one type, as speech and loudness both report `noise`) are counted once, with every
 * source that saw it. Runs are stored apart (a condition's phases still find their run); only what is
 * shown is joined. Ends are the shown ones (shownEnd), session markers are left out by the caller.
 */
export function joinShown(runs: readonly Run[], settings: TimelineSettings): Run[] {
  const byType = new Map<string, Run[]>();
  for (const run of runs) byType.set(run.type, [...(byType.get(run.type) ?? []), run]);
  const joined: Run[] = [];
  for (const [type, list] of byType) {
    const { gapMs } = mergeRuleFor(type, settings);
    list.sort((a, b) => a.start - b.start || a.end - b.end);
    let open: Run | undefined;
    for (const run of list) {
      if (open && run.start - open.end <= gapMs) {
        const sources = new Set([...open.sources, ...run.sources]);
        open = {
          type,
          start: open.start,
          end: Math.max(open.end, run.end),
          signals: open.signals + run.signals,
          sources: SOURCE_ORDER.filter((s) => sources.has(s)),
        };
        continue;
      }
      if (open) joined.push(open);
      open = run;
    }
    if (open) joined.push(open);
  }
  return joined;
}
