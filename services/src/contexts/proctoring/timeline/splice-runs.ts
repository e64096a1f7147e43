import { mergeSignals, sortRuns, type Run, type TimelineSignal } from './build-timeline';
import { mergeRuleFor, type TimelineSettings } from './tolerances';

/** Where new signals of one type may change the runs: re-read the type's signals in [from, to]. */
export interface MergeWindow {
  type: string;
  from: number;
  to: number;
}

/**
 * The windows that new signals open, per type: the span of the new signals widened by the tolerance,
 * then to the runs it touches. Runs outside a window are more than a tolerance away from every signal
 * in it (runs are maximal), so merging the signals inside the window again, beside the runs outside,
 * gives exactly the runs of merging everything: the projection re-reads one window per type instead
 * of the attempt's whole history.
 */
export function mergeWindows(
  runs: readonly Run[],
  incoming: readonly { type: string; at: number }[],
  settings: TimelineSettings,
): MergeWindow[] {
  const spans = new Map<string, { min: number; max: number }>();
  for (const signal of incoming) {
    const span = spans.get(signal.type);
    spans.set(signal.type, {
      min: Math.min(span?.min ?? signal.at, signal.at),
      max: Math.max(span?.max ?? signal.at, signal.at),
    });
  }
  return [...spans].map(([type, { min, max }]) => {
    const { gapMs } = mergeRuleFor(type, settings);
    let from = min;
    let to = max;
    for (const run of runs) {
      if (run.type !== type || !touches(run, min - gapMs, max + gapMs)) continue;
      from = Math.min(from, run.start);
      to = Math.max(to, run.end);
    }
    return { type, from, to };
  });
}

const touches = (run: Run, from: number, to: number) => run.end >= from && run.start <= to;

/**
 * The runs after new signals: the runs inside each window are replaced by a merge of every signal the
 * window holds (read back from the store, the new ones included).
 */
export function spliceRuns(
  runs: readonly Run[],
  windows: readonly MergeWindow[],
  signalsInWindows: readonly TimelineSignal[],
  settings: TimelineSettings,
): Run[] {
  const kept = runs.filter((run) => !windows.some((w) => w.type === run.type && touches(run, w.from, w.to)));
  return sortRuns([...kept, ...mergeSignals(signalsInWindows, settings)]);
}
