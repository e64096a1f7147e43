import {
  PROCTORING_VIOLATIONS,
  PROCTORING_WARNINGS,
  type ProctoringSource,
  type ReviewDecision,
} from '@sabaq/events';
import { sql } from 'kysely';
import { txWithTables, type ReadModelTx, type TablesTx } from '../../../platform/read-models/database';
import { assignmentsFacts, type AssignmentFacts } from '../assignments-lookup';
import { ASSIGNMENT_TABLES, type ProctoringTables } from '../tables';
import {
  mergeSignals,
  timelineFromRuns,
  type Run,
  type TimelineReview,
  type TimelineSignal,
} from './build-timeline';
import { credibility } from './credibility';
import { addSignals } from './add-signals';
import { timelineSettings } from './tolerances';

export interface TouchedAttempt {
  attemptId: string;
  assignmentId: string;
  studentId: string;
  schoolId: string | null;
  position: bigint;
  /** The batch's warnings, violations and session ends; reviews touch an attempt with none. */
  incoming: TimelineSignal[];
}

/** A review as the timeline needs it, with its place in the log (reviews apply in log order). */
export interface PositionedReview extends TimelineReview {
  id: string;
  attemptId: string;
  position: bigint;
}

const MERGED_TYPES: readonly string[] = [...PROCTORING_VIOLATIONS, ...PROCTORING_WARNINGS];

type Tx = TablesTx<ProctoringTables>;

interface SignalRow {
  id: string;
  action_type: string;
  created_at: Date;
  source: string;
}

const toSignal = (row: SignalRow): TimelineSignal => ({
  id: row.id,
  type: row.action_type,
  at: new Date(row.created_at).getTime(),
  // Why the cast: the column holds only sources the contract allows (the projection writes them).
  source: row.source as ProctoringSource,
});

/** What the timelines of a batch's attempts are made from, read in one statement. */
interface StoredInputs {
  /** Whether the assignments context's table is here (tests of the proctoring tables alone: not). */
  assignments: string | null;
  runs: { id: string; runs: Run[] | null }[];
  reviews: ReviewRow[];
  /** Which of the batch's signals are stored already: a replay or a retry, not to be counted again. */
  stored_signals: string[];
}

interface ReviewRow {
  id: string;
  assignment_attempt_id: string;
  action_type: string;
  start_at: string;
  end_at: string;
  decision: string;
  note: string | null;
  reviewer_id: string;
  reviewed_at: string;
  global_position: string | number;
}

/**
 * The write that brings the stored timeline and score of each touched attempt up to date, built but not
 * run: the projection sends it with the batch's other writes and its notices in one statement, at the
 * end of its transaction (announce-timelines.ts). Until then the transaction only reads, and so holds
 * no transaction id: log readers hand out events only below the oldest open one (SAFE_TO_READ), and a
 * batch that wrote first held the fan-out and every other reader of the log back while it ran.
 *
 * The stored runs take the batch's new signals (add-signals.ts) without reading the attempt's history;
 * a signal already in the actions table (a replay, a retry) is not new. A row without runs (written
 * before they were kept) is merged again from all of its signals. Either way the runs equal a merge of
 * everything the actions table holds once the batch is written, so a replay, a retry or another cut of
 * the batches ends in the same row. The stored runs, the reviews, the stored signals and whether the
 * assignments' table exists come in one read, the assignments' settings in a second.
 */
export async function timelineWrites(
  untyped: ReadModelTx,
  attempts: readonly TouchedAttempt[],
  batchReviews: readonly PositionedReview[],
) {
  if (attempts.length === 0) return undefined;
  const tx = txWithTables<ProctoringTables>(untyped);
  const ids = attempts.map((a) => a.attemptId);
  const signalIds = attempts.flatMap((a) => a.incoming.map((s) => s.id));
  const { rows } = await sql<StoredInputs>`
    SELECT to_regclass(${ASSIGNMENT_TABLES.assignments})::text AS assignments,
      (SELECT coalesce(json_agg(json_build_object('id', assignment_attempt_id, 'runs', runs)), '[]'::json)
        FROM proctoring_timelines WHERE assignment_attempt_id = ANY(${ids}::text[])) AS runs,
      (SELECT coalesce(json_agg(r), '[]'::json)
        FROM proctoring_reviews r WHERE r.assignment_attempt_id = ANY(${ids}::text[])) AS reviews,
      (SELECT coalesce(json_agg(id), '[]'::json)
        FROM proctoring_actions WHERE id = ANY(${signalIds}::text[])) AS stored_signals`.execute(tx);
  const inputs = rows[0]!;
  const facts = inputs.assignments
    ? await assignmentsFacts(untyped, [...new Set(attempts.map((a) => a.assignmentId))])
    : new Map<string, AssignmentFacts>();
  const settingsOf = (attempt: TouchedAttempt) => timelineSettings(facts.get(attempt.assignmentId)?.settings);
  const stored = new Map(inputs.runs.map((r) => [r.id, r.runs]));
  const storedSignals = new Set(inputs.stored_signals);
  const newSignals = (attempt: TouchedAttempt) => attempt.incoming.filter((s) => !storedSignals.has(s.id));

  const runsOf = new Map<string, Run[]>();
  const whole: TouchedAttempt[] = [];
  for (const attempt of attempts) {
    // No row yet: nothing merged before (a reset empties both tables). A row without runs: rebuild.
    const runs = stored.has(attempt.attemptId) ? stored.get(attempt.attemptId) : [];
    if (!runs) whole.push(attempt);
    else runsOf.set(attempt.attemptId, addSignals(runs, newSignals(attempt), settingsOf(attempt)));
  }
  const signalsInTable = await allSignals(
    tx,
    whole.map((a) => a.attemptId),
  );
  for (const attempt of whole) {
    // The table's signals and the batch's new ones, as the table will hold them once it is written.
    const added = newSignals(attempt)
      .filter((s) => MERGED_TYPES.includes(s.type))
      .map(({ id, type, at, source }) => ({ id, type, at, source }));
    const signals = [...(signalsInTable.get(attempt.attemptId) ?? []), ...added];
    runsOf.set(attempt.attemptId, mergeSignals(signals, settingsOf(attempt)));
  }

  const reviews = reviewsByAttempt(inputs.reviews, batchReviews);
  const values = attempts.map((attempt) => {
    const runs = runsOf.get(attempt.attemptId) ?? [];
    const timeline = timelineFromRuns(runs, settingsOf(attempt), reviews.get(attempt.attemptId) ?? []);
    const score = credibility(timeline);
    return {
      assignment_attempt_id: attempt.attemptId,
      school_id: attempt.schoolId,
      assignment_id: attempt.assignmentId,
      student_id: attempt.studentId,
      runs: JSON.stringify(runs),
      timeline: JSON.stringify(timeline),
      credibility: JSON.stringify(score),
      score: score.score,
      global_position: attempt.position.toString(),
    };
  });
  return tx
    .insertInto('proctoring_timelines')
    .values(values)
    .onConflict((oc) =>
      oc.column('assignment_attempt_id').doUpdateSet((eb) => ({
        runs: eb.ref('excluded.runs'),
        timeline: eb.ref('excluded.timeline'),
        credibility: eb.ref('excluded.credibility'),
        score: eb.ref('excluded.score'),
        global_position: eb.ref('excluded.global_position'),
      })),
    );
}

async function allSignals(tx: Tx, ids: readonly string[]): Promise<Map<string, TimelineSignal[]>> {
  const found = new Map<string, TimelineSignal[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return found;
  const rows = await tx
    .selectFrom('proctoring_actions')
    .select(['id', 'assignment_attempt_id', 'action_type', 'created_at', 'source'])
    .where('assignment_attempt_id', 'in', [...ids])
    .where('action_type', 'in', MERGED_TYPES)
    .execute();
  for (const row of rows) found.get(row.assignment_attempt_id)!.push(toSignal(row));
  return found;
}

/** The stored reviews and the batch's new ones (a replayed review is stored already), in log order. */
function reviewsByAttempt(
  rows: readonly ReviewRow[],
  batch: readonly PositionedReview[],
): Map<string, TimelineReview[]> {
  const all: PositionedReview[] = rows.map((row) => ({
    id: row.id,
    attemptId: row.assignment_attempt_id,
    position: BigInt(row.global_position),
    actionType: row.action_type,
    start: new Date(row.start_at).getTime(),
    end: new Date(row.end_at).getTime(),
    // Why the cast: the column holds only decisions the review's event allowed.
    decision: row.decision as ReviewDecision,
    note: row.note,
    reviewerId: row.reviewer_id,
    reviewedAt: new Date(row.reviewed_at).toISOString(),
  }));
  const storedIds = new Set(all.map((r) => r.id));
  all.push(...batch.filter((r) => !storedIds.has(r.id)));
  all.sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));
  const found = new Map<string, TimelineReview[]>();
  for (const review of all) {
    const list = found.get(review.attemptId) ?? [];
    list.push({
      actionType: review.actionType,
      start: review.start,
      end: review.end,
      decision: review.decision,
      note: review.note,
      reviewerId: review.reviewerId,
      reviewedAt: review.reviewedAt,
    });
    found.set(review.attemptId, list);
  }
  return found;
}
