import { isEvent, proctoringActionKind, type StoredEvent } from '@sabaq/events';
import type { Insertable, OperationNodeSource } from 'kysely';
import type { Projection } from '../../../platform/projections/projection';
import { txWithTables } from '../../../platform/read-models/database';
import type { ProctoringTables } from '../tables';
import type { TimelineSignal } from '../timeline/build-timeline';
import { SESSION_END } from '../timeline/conditions';
import { timelineWrites, type PositionedReview, type TouchedAttempt } from '../timeline/refresh-timelines';
import { announceTimelines } from './announce-timelines';

export const PROCTORING_PROJECTION = 'proctoring.actions';

/**
 * Projects the proctoring streams: actions into proctoring_actions, activities into
 * proctoring_activities, reviews into proctoring_reviews (each keyed by event id, so a replay changes
 * nothing), and then, in the same transaction, rebuilds the timeline of every attempt the batch touched
 * from those tables. Version 2: actions keep their condition's id and phase (the lists show a
 * condition as one row), which a rebuild fills for actions projected before.
 */
export const proctoringActionsProjection: Projection = {
  name: PROCTORING_PROJECTION,
  version: 2,
  handles: ['ProctoringActionRecorded', 'ProctoringActivityRecorded', 'ProctoringIntervalReviewed'],
  async apply(untyped, events) {
    const tx = txWithTables<ProctoringTables>(untyped);
    const touched = new Map<string, TouchedAttempt>();
    const touch = (
      event: StoredEvent,
      data: { attemptId: string; assignmentId: string; studentId: string },
      signal?: TimelineSignal,
    ) => {
      const incoming = touched.get(data.attemptId)?.incoming ?? [];
      if (signal) incoming.push(signal);
      touched.set(data.attemptId, {
        attemptId: data.attemptId,
        assignmentId: data.assignmentId,
        studentId: data.studentId,
        schoolId: schoolOf(event),
        position: event.globalPosition,
        incoming,
      });
    };
    const actions: Insertable<ProctoringTables['proctoring_actions']>[] = [];
    const activities: Insertable<ProctoringTables['proctoring_activities']>[] = [];
    const reviews: Insertable<ProctoringTables['proctoring_reviews']>[] = [];
    const batchReviews: PositionedReview[] = [];
    for (const event of events) {
      if (isEvent(event, 'ProctoringActionRecorded')) {
        const data = event.data;
        // Warnings and violations shape a timeline, and a session's end closes its open conditions;
        // other lifecycle and proctor actions leave it as it is.
        const kind = proctoringActionKind(data.actionType);
        if (kind === 'warning' || kind === 'violation' || data.actionType === SESSION_END) {
          touch(event, data, {
            id: event.id,
            type: data.actionType,
            at: occurredAt(event).getTime(),
            source: data.source ?? 'client',
            condition: data.condition ?? null,
          });
        }
        actions.push({
          id: event.id,
          school_id: schoolOf(event),
          assignment_id: data.assignmentId,
          assignment_attempt_id: data.attemptId,
          student_id: data.studentId,
          initiator_id: data.initiatorId,
          webinar_session_id: data.webinarSessionId,
          action_type: data.actionType,
          is_warning: data.isWarning,
          description: data.description,
          source: data.source ?? 'client',
          screenshots: JSON.stringify(data.screenshots ?? []),
          condition_id: data.condition?.id ?? null,
          condition_phase: data.condition?.phase ?? null,
          created_at: occurredAt(event),
          global_position: event.globalPosition.toString(),
        });
      } else if (isEvent(event, 'ProctoringActivityRecorded')) {
        const data = event.data;
        activities.push({
          id: event.id,
          school_id: schoolOf(event),
          assignment_id: data.assignmentId,
          assignment_attempt_id: data.attemptId,
          student_id: data.studentId,
          chapter_id: data.chapterId,
          component_id: data.componentId,
          activity_type: data.activityType,
          created_at: occurredAt(event),
          global_position: event.globalPosition.toString(),
        });
      } else if (isEvent(event, 'ProctoringIntervalReviewed')) {
        const data = event.data;
        touch(event, data);
        reviews.push({
          id: event.id,
          school_id: schoolOf(event),
          assignment_id: data.assignmentId,
          assignment_attempt_id: data.attemptId,
          student_id: data.studentId,
          action_type: data.actionType,
          start_at: new Date(data.start),
          end_at: new Date(data.end),
          decision: data.decision,
          note: data.note,
          reviewer_id: data.reviewerId,
          reviewed_at: occurredAt(event),
          global_position: event.globalPosition.toString(),
        });
        batchReviews.push({
          id: event.id,
          attemptId: data.attemptId,
          position: event.globalPosition,
          actionType: data.actionType,
          start: new Date(data.start).getTime(),
          end: new Date(data.end).getTime(),
          decision: data.decision,
          note: data.note,
          reviewerId: data.reviewerId,
          reviewedAt: occurredAt(event).toISOString(),
        });
      }
    }
    // Within PostgreSQL's 65,535 parameters for the runner's batches of up to 2,000 events: at most 16
    // per action and 9 per touched attempt.
    // Every write goes in one statement at the end, with the notices (announce-timelines.ts): until
    // then the transaction only reads and holds no transaction id, which would hold back every reader
    // of the log (SAFE_TO_READ) for as long as the batch runs. Each insert skips rows it has (a replay).
    const writes: OperationNodeSource[] = [];
    if (actions.length)
      writes.push(
        tx
          .insertInto('proctoring_actions')
          .values(actions)
          .onConflict((oc) => oc.column('id').doNothing()),
      );
    if (activities.length)
      writes.push(
        tx
          .insertInto('proctoring_activities')
          .values(activities)
          .onConflict((oc) => oc.column('id').doNothing()),
      );
    if (reviews.length)
      writes.push(
        tx
          .insertInto('proctoring_reviews')
          .values(reviews)
          .onConflict((oc) => oc.column('id').doNothing()),
      );
    const timelines = await timelineWrites(untyped, [...touched.values()], batchReviews);
    if (timelines) writes.push(timelines);
    await announceTimelines(untyped, touched.values(), events[events.length - 1]!.globalPosition, writes);
  },
  async reset(tx) {
    for (const table of [
      'proctoring_actions',
      'proctoring_activities',
      'proctoring_reviews',
      'proctoring_timelines',
    ])
      await tx.deleteFrom(table).execute();
  },
};

function schoolOf(event: StoredEvent): string | null {
  return typeof event.metadata.schoolId === 'string' ? event.metadata.schoolId : null;
}

function occurredAt(event: StoredEvent): Date {
  const at = event.metadata.occurredAt;
  if (typeof at === 'string') {
    const parsed = new Date(at);
    if (!Number.isNaN(parsed.getTime())) return parsed;
  }
  return event.recordedAt;
}
