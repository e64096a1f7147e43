import { signalRole, sortRuns, type Run, type TimelineSignal } from './build-timeline';
import { addConditionPhase, addSessionEnd } from './conditions';
import { mergeRuleFor, type TimelineSettings } from './tolerances';

/**
 * The runs after signals never seen before (the projection knows which are new: the rows its insert
 * actually added, so a replay or a retry adds nothing). Each new signal joins every run of its type it
 * is at most a tolerance from: that is the run it extends or falls inside, or the two runs it bridges,
 * since runs are maximal and so more than a tolerance apart. Only run summaries are needed, never the
 * signals behind them, so an attempt's cost per signal does not grow with its history, even for a
 * violation that lasts the whole exam. A condition's phase goes to its own run, and a session end is
 * kept as a marker (conditions.ts). The result equals mergeSignals over all signals.
 */
export function addSignals(
  runs: readonly Run[],
  signals: readonly TimelineSignal[],
  settings: TimelineSettings,
): Run[] {
  let current = [...runs];
  for (const signal of signals) {
    const role = signalRole(signal);
    if (role === 'condition') current = addConditionPhase(current, signal);
    else if (role === 'session_end') current = addSessionEnd(current, signal);
    if (role !== 'point') continue;
    const { gapMs } = mergeRuleFor(signal.type, settings);
    const near = (run: Run) =>
      run.type === signal.type &&
      run.condition === undefined &&
      run.end >= signal.at - gapMs &&
      run.start <= signal.at + gapMs;
    const joined = current.filter(near);
    const sources = new Set([signal.source, ...joined.flatMap((r) => r.sources)]);
    const merged: Run = {
      type: signal.type,
      start: Math.min(signal.at, ...joined.map((r) => r.start)),
      end: Math.max(signal.at, ...joined.map((r) => r.end)),
      signals: 1 + joined.reduce((n, r) => n + r.signals, 0),
      sources: (['client', 'server', 'proctor'] as const).filter((s) => sources.has(s)),
    };
    current = [...current.filter((run) => !near(run)), merged];
  }
  return sortRuns(current);
}
