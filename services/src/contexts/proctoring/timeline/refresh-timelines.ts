import {
  PROCTORING_VIOLATIONS,
  PROCTORING_WARNINGS,
  type ProctoringSource,
  type ReviewDecision,
} from '@sabaq/events';
import type { ReadModelTx } from '../../../platform/read-models/database';
import { proctoringSettingsOf } from '../assignments-lookup';
import { buildTimeline, type TimelineReview, type TimelineSignal } from './build-timeline';
import { credibility } from './credibility';
import { timelineSettings } from './tolerances';

export interface TouchedAttempt {
  attemptId: string;
  assignmentId: string;
  studentId: string;
  schoolId: string | null;
  position: bigint;
}

const MERGED_TYPES = [...PROCTORING_VIOLATIONS, ...PROCTORING_WARNINGS];

/**
 * Rebuilds the stored timeline and score of each touched attempt from its actions and reviews, inside
 * the projection's transaction. A full rebuild per touched attempt (not an incremental merge) keeps a
 * replay trivially right: the row is a function of the tables, whatever order batches came in.
 */
export async function refreshTimelines(tx: ReadModelTx, attempts: readonly TouchedAttempt[]): Promise<void> {
  if (attempts.length === 0) return;
  const ids = attempts.map((a) => a.attemptId);
  const settings = await proctoringSettingsOf(tx, [...new Set(attempts.map((a) => a.assignmentId))]);
  const signalRows = await tx
    .selectFrom('proctoring_actions')
    .select(['id', 'assignment_attempt_id', 'action_type', 'created_at', 'source'])
    .where('assignment_attempt_id', 'in', ids)
    .where('action_type', 'in', MERGED_TYPES)
    .execute();
  const reviewRows = await tx
    .selectFrom('proctoring_reviews')
    .selectAll()
    .where('assignment_attempt_id', 'in', ids)
    .orderBy('global_position')
    .execute();
  const signals = groupBy(
    signalRows,
    (row) => String(row.assignment_attempt_id),
    (row) =>
      ({
        id: String(row.id),
        type: String(row.action_type),
        at: new Date(row.created_at as string).getTime(),
        source: row.source as ProctoringSource,
      }) satisfies TimelineSignal,
  );
  const reviews = groupBy(
    reviewRows,
    (row) => String(row.assignment_attempt_id),
    (row) =>
      ({
        actionType: String(row.action_type),
        start: new Date(row.start_at as string).getTime(),
        end: new Date(row.end_at as string).getTime(),
        decision: row.decision as ReviewDecision,
        note: row.note === null ? null : String(row.note),
        reviewerId: String(row.reviewer_id),
        reviewedAt: new Date(row.reviewed_at as string).toISOString(),
      }) satisfies TimelineReview,
  );
  const rows = attempts.map((attempt) => {
    const timeline = buildTimeline(
      signals.get(attempt.attemptId) ?? [],
      timelineSettings(settings.get(attempt.assignmentId)),
      reviews.get(attempt.attemptId) ?? [],
    );
    const score = credibility(timeline);
    return {
      assignment_attempt_id: attempt.attemptId,
      school_id: attempt.schoolId,
      assignment_id: attempt.assignmentId,
      student_id: attempt.studentId,
      timeline: JSON.stringify(timeline),
      credibility: JSON.stringify(score),
      score: score.score,
      global_position: attempt.position.toString(),
    };
  });
  await tx
    .insertInto('proctoring_timelines')
    .values(rows)
    .onConflict((oc) =>
      oc.column('assignment_attempt_id').doUpdateSet((eb) => ({
        timeline: eb.ref('excluded.timeline'),
        credibility: eb.ref('excluded.credibility'),
        score: eb.ref('excluded.score'),
        global_position: eb.ref('excluded.global_position'),
      })),
    )
    .execute();
}

function groupBy<R, T>(rows: readonly R[], key: (row: R) => string, map: (row: R) => T): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const list = out.get(key(row)) ?? [];
    list.push(map(row));
    out.set(key(row), list);
  }
  return out;
}
