import { proctoringActionKind } from './vocabulary';
import type { AttemptSummary, ProctoringAction, QueueEntry, RosterEntry } from './types';

/**
 * The one state a row is in (docs/proctoring.md "The grid"): not started, running, held by a proctor
 * (suspended, stopped) or finished. A finished attempt is only finished, whatever a proctor did before.
 */
export type AttemptState = 'not_started' | 'active' | 'suspended' | 'stopped' | 'finished';

export interface GridRow {
  /** The attempt's id, or `student:<id>` for a student who has not started. */
  key: string;
  attemptId: string | null;
  studentId: string;
  state: AttemptState;
  /** Newest first, at most NEWEST_SHOWN: the violations and warnings the proctor should see now. */
  newest: ProctoringAction[];
  /** The attempt's timeline intervals (the review queue's), not its signals: what the timeline shows. */
  violations: number;
  warnings: number;
  lastActivity: string | null;
  score: number | null;
  priority: number | null;
}

export const NEWEST_SHOWN = 3;

/** Order of the grid: by student name, or as the review queue ranks them (docs/proctoring.md). */
export type GridOrder = 'name' | 'queue';

/**
 * The grid's rows from what the caller may read: the roster (every student of the assignment, one state
 * per attempt), the attempts (when the record API gives them), the review queue (attempts with signals,
 * their scores and interval counts, read again on live pushes) and the actions seen (loaded and live: the
 * newest, the last activity). An attempt known only from its actions still gets a row. A proctor's
 * suspend, resume or stop seen live moves a running row's state before the roster is read again; nothing
 * moves a finished one.
 */
export function buildGrid(
  attempts: AttemptSummary[],
  queue: QueueEntry[],
  actions: Iterable<ProctoringAction>,
  roster: RosterEntry[] = [],
): GridRow[] {
  const rows = new Map<string, GridRow>();
  const rowOf = (attemptId: string | null, studentId: string): GridRow => {
    const key = attemptId ?? `student:${studentId}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        key,
        attemptId,
        studentId,
        state: attemptId ? 'active' : 'not_started',
        newest: [],
        violations: 0,
        warnings: 0,
        lastActivity: null,
        score: null,
        priority: null,
      };
      rows.set(key, row);
    }
    return row;
  };
  for (const entry of roster) rowOf(entry.assignment_attempt_id, entry.student_id).state = entry.state;
  for (const attempt of attempts) {
    const row = rowOf(attempt.id, attempt.student_id);
    if (attempt.status === 'finished') row.state = 'finished';
  }
  for (const entry of queue) {
    const row = rowOf(entry.assignment_attempt_id, entry.student_id);
    if (entry.status === 'finished') row.state = 'finished';
    row.score = entry.score;
    row.priority = entry.priority;
    // Counted as the timeline counts: a condition that lasted a minute is one violation, not its signals.
    for (const c of entry.contributions ?? []) {
      if (c.kind === 'violation') row.violations += c.intervals;
      else row.warnings += c.intervals;
    }
  }
  const holdAt = new Map<string, string>();
  for (const action of actions) {
    const row = rowOf(action.assignment_attempt_id, action.student_id);
    if (!row.lastActivity || action.created_at > row.lastActivity) row.lastActivity = action.created_at;
    const kind = proctoringActionKind(action.action_type);
    if (kind === 'violation' || kind === 'warning') row.newest.push(action);
    const hold = holdOf(action.action_type);
    if (hold && row.state !== 'finished' && (holdAt.get(row.key) ?? '') <= action.created_at) {
      holdAt.set(row.key, action.created_at);
      row.state = hold;
    }
  }
  // A student who started is listed by their attempts; the roster's "not started" row goes once one is seen.
  const started = new Set([...rows.values()].filter((r) => r.attemptId).map((r) => r.studentId));
  for (const [key, row] of rows) if (!row.attemptId && started.has(row.studentId)) rows.delete(key);
  for (const row of rows.values()) {
    row.newest = row.newest.sort((a, b) => b.created_at.localeCompare(a.created_at)).slice(0, NEWEST_SHOWN);
  }
  return [...rows.values()];
}

function holdOf(type: string): AttemptState | null {
  if (type === 'exam_suspended') return 'suspended';
  if (type === 'exam_stopped') return 'stopped';
  if (type === 'exam_resumed') return 'active';
  return null;
}

/**
 * Sorts the rows: by name (ids when a name is unknown), or in the review queue's order, where
 * attempts the queue does not list (no signals yet) come last, by name.
 */
export function orderGrid(rows: GridRow[], order: GridOrder, names: Record<string, string>): GridRow[] {
  const nameOf = (row: GridRow) => names[row.studentId] ?? row.studentId;
  const byName = (a: GridRow, b: GridRow) => nameOf(a).localeCompare(nameOf(b), 'ru');
  if (order === 'name') return [...rows].sort(byName);
  return [...rows].sort((a, b) => {
    if (a.priority === null || b.priority === null) {
      if (a.priority !== b.priority) return a.priority === null ? 1 : -1;
      return byName(a, b);
    }
    return b.priority - a.priority || (a.score ?? 100) - (b.score ?? 100) || byName(a, b);
  });
}

/**
 * Adds live actions to the loaded ones without doubles (a push may repeat what a refetch brought). A
 * pushed phase of a condition already listed lengthens (or ends) that condition's row instead of
 * adding one, as the list answers: one row per condition, never its heartbeats.
 */
export function mergeActions(loaded: ProctoringAction[], live: ProctoringAction[]): ProctoringAction[] {
  if (live.length === 0) return loaded;
  const seen = new Set(loaded.map((a) => a.id));
  const added = live.filter((a) => !seen.has(a.id));
  if (added.length === 0) return loaded;
  const rows = [...loaded];
  const conditionRows = new Map<string, number>();
  const keyOf = (a: ProctoringAction) => `${a.assignment_attempt_id}:${a.action_type}:${a.condition_id}`;
  rows.forEach((row, index) => {
    if (row.condition_id) conditionRows.set(keyOf(row), index);
  });
  for (const action of [...added].sort((a, b) => a.created_at.localeCompare(b.created_at))) {
    if (!action.condition_id) {
      rows.push(action);
      continue;
    }
    const index = conditionRows.get(keyOf(action));
    if (index === undefined) {
      conditionRows.set(keyOf(action), rows.length);
      rows.push({
        ...action,
        ended_at: action.condition_phase === 'end' ? action.created_at : null,
        duration: 0,
      });
      continue;
    }
    rows[index] = foldPhase(rows[index]!, action);
  }
  return rows.sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** A condition's row with one more phase: it starts at the earliest, ends at its end, lasts to the latest. */
function foldPhase(row: ProctoringAction, phase: ProctoringAction): ProctoringAction {
  const start = Math.min(Date.parse(row.created_at), Date.parse(phase.created_at));
  const endedAt = phase.condition_phase === 'end' ? phase.created_at : (row.ended_at ?? null);
  const last = endedAt
    ? Date.parse(endedAt)
    : Math.max(Date.parse(phase.created_at), start + (row.duration ?? 0) * 1000);
  const earlier = Date.parse(phase.created_at) < Date.parse(row.created_at);
  return {
    ...(earlier ? { ...phase, id: row.id } : row),
    ended_at: endedAt,
    duration: Math.max(0, Math.round((last - start) / 1000)),
  };
}
