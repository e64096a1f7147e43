import { assignmentsContract, isEvent, unhandledEvent, type ContractEvent } from '@sabaq/events';
import { sql } from 'kysely';
import type { Projection } from '../../../platform/projections/projection';
import type { ReadModelTx } from '../../../platform/read-models/database';
import { TABLES } from './tables';
import { authorOf, columnValues, updateRow, upsertRow } from './writes';

export const ASSIGNMENTS_PROJECTION = 'assignments.records';

type Data = Record<string, unknown>;

const CLASS_COLUMNS = [
  'type',
  'image',
  'color',
  'name',
  'description',
  'chat_id',
  'teachers',
  'students',
  'settings',
];
const ASSIGNMENT_COLUMNS = [
  'type',
  'access_type',
  'name',
  'description',
  'class_id',
  'starting_at_type',
  'starting_at',
  'ending_at_type',
  'ending_at',
  'is_proctoring',
  'students',
  'reviewers',
];

const count = (list: unknown) => (Array.isArray(list) ? list.length : 0);
const maxPoints = (components: unknown) =>
  Array.isArray(components)
    ? (components as { points?: number; type?: string }[]).reduce((sum, c) => sum + (c.points ?? 0), 0)
    : 0;

const HANDLES = assignmentsContract.events.map((e) => e.type);
type AssignmentsEvent = ContractEvent<typeof assignmentsContract>;
/** The events of classes, assignments and comments; the rest are a student's work (applyWork). */
type RecordEventType =
  | `Class${string}`
  | `Assignment${'Created' | 'Updated' | 'Deleted' | 'Suspended' | 'Resumed' | 'Finished' | 'CommentPosted'}`;

/**
 * Every assignments table from this context's events. Rows are written guarded by the stream
 * position, so replaying any batch (after a crash, or a rebuild) leaves the tables as they were.
 */
export const assignmentsProjection: Projection = {
  name: ASSIGNMENTS_PROJECTION,
  version: 1,
  handles: HANDLES,
  async apply(tx, events) {
    for (const event of events) if (isEvent(event, ...HANDLES)) await applyOne(tx, event);
  },
  async reset(tx) {
    for (const table of Object.values(TABLES)) await tx.deleteFrom(table).execute();
  },
};

async function applyOne(tx: ReadModelTx, event: AssignmentsEvent): Promise<void> {
  switch (event.type) {
    case 'ClassCreated':
      return upsertRow(tx, TABLES.classes, event.data.id, classValues(event.data), event, authorOf(event));
    case 'ClassUpdated':
      return updateRow(tx, TABLES.classes, event.data.id, classValues(event.data.changes), event);
    case 'ClassDeleted':
    case 'AssignmentDeleted':
      return updateRow(
        tx,
        event.type === 'ClassDeleted' ? TABLES.classes : TABLES.assignments,
        event.data.id,
        { deleted: true },
        event,
      );
    case 'AssignmentCreated': {
      const d = event.data;
      const values = {
        ...columnValues(ASSIGNMENT_COLUMNS, d),
        record: JSON.stringify(d),
        points: maxPoints(d.components),
      };
      return upsertRow(tx, TABLES.assignments, d.id, values, event, authorOf(event));
    }
    case 'AssignmentUpdated': {
      const d = event.data;
      const values: Data = {
        ...columnValues(ASSIGNMENT_COLUMNS, d.changes),
        record: sql`record || ${JSON.stringify(d.changes)}::jsonb`,
      };
      if (d.changes.components) values.points = maxPoints(d.changes.components);
      return updateRow(tx, TABLES.assignments, d.id, values, event);
    }
    case 'AssignmentSuspended':
    case 'AssignmentResumed':
      return updateRow(
        tx,
        TABLES.assignments,
        event.data.id,
        { is_suspended: event.type === 'AssignmentSuspended' },
        event,
      );
    case 'AssignmentFinished':
      return updateRow(
        tx,
        TABLES.assignments,
        event.data.id,
        { is_finished: true, is_suspended: false, finished_at: new Date(event.data.at) },
        event,
      );
    case 'AssignmentCommentPosted': {
      const d = event.data;
      const { id, ...fields } = d;
      return upsertRow(tx, TABLES.comments, id, fields, event, d.student_id);
    }
    default:
      return applyWork(tx, event);
  }
}

function classValues(data: Data) {
  const values = columnValues(CLASS_COLUMNS, data);
  if ('teachers' in data) values.teachers_count = count(data.teachers);
  if ('students' in data) values.students_count = count(data.students);
  return values;
}

/** A student's work: every row is the student's own (owner_id), in the school the event was made in. */
async function applyWork(
  tx: ReadModelTx,
  event: Exclude<AssignmentsEvent, { type: RecordEventType }>,
): Promise<void> {
  switch (event.type) {
    case 'AssignmentAttemptStarted': {
      const d = event.data;
      const values = {
        assignment_id: d.assignment_id,
        student_id: d.student_id,
        number: d.number,
        status: 'active',
        started_at: new Date(d.started_at),
        ends_at: d.ends_at ? new Date(d.ends_at) : null,
        points: 0,
        variant: d.variant,
        // What the attempt shows: the student's client serves these components in this order.
        state: { components: d.components, option_orders: d.option_orders, max_points: d.max_points },
      };
      return upsertRow(tx, TABLES.attempts, d.attempt_id, values, event, d.student_id);
    }
    case 'AssignmentAttemptFinished': {
      const d = event.data;
      const values = { status: 'finished', finished_at: new Date(d.finished_at), finish_reason: d.reason };
      return updateRow(tx, TABLES.attempts, d.attempt_id, values, event);
    }
    case 'AssignmentAttemptReopened': {
      const d = event.data;
      const values = {
        status: 'active',
        finished_at: null,
        finish_reason: null,
        ends_at: d.ends_at ? new Date(d.ends_at) : null,
      };
      return updateRow(tx, TABLES.attempts, d.attempt_id, values, event);
    }
    case 'AssignmentStudentTimeAdjusted':
    case 'AssignmentStudentTimeReset': {
      const d = event.data;
      if (!d.attempt_id) return;
      const extra = 'extra_minutes' in d ? d.extra_minutes : 0;
      const values = {
        ends_at: d.ends_at ? new Date(d.ends_at) : null,
        state: JSON.stringify({ extra_minutes: extra }),
      };
      return updateRow(tx, TABLES.attempts, d.attempt_id, values, event);
    }
    case 'AssignmentResultRecorded': {
      const d = event.data;
      const values = {
        assignment_id: d.assignment_id,
        student_id: d.student_id,
        assignment_attempt_id: d.attempt_id,
        assessment_id: d.assessment_id,
        assessment_type: d.assessment_type,
        component_id: d.component_id,
        component_type: d.component_type,
        answer: JSON.stringify(d.answer ?? null),
        result: d.result,
        points: d.points,
        report: d.report === null || d.report === undefined ? null : JSON.stringify(d.report),
      };
      return upsertRow(tx, TABLES.results, d.result_id, values, event, d.student_id);
    }
    case 'AssignmentScoreCalculated': {
      const d = event.data;
      for (const attempt of d.attempts) {
        await updateRow(tx, TABLES.attempts, attempt.attempt_id, { points: attempt.points }, event);
      }
      const values = { assignment_id: d.assignment_id, student_id: d.student_id, score: d.score };
      return upsertRow(tx, TABLES.scores, d.score_id, values, event, d.student_id);
    }
    case 'AssignmentReviewerResultRecorded': {
      const d = event.data;
      const values = {
        assignment_id: d.assignment_id,
        student_id: d.student_id,
        assignment_reviewer_id: d.reviewer_id,
        assignment_result_id: d.assignment_result_id,
        assignment_attempt_id: d.attempt_id,
        component_id: d.component_id,
        component_type: d.component_type,
        result: d.result,
        points: d.points,
      };
      return upsertRow(tx, TABLES.reviewerResults, d.reviewer_result_id, values, event, d.student_id);
    }
    case 'AssignmentReviewerScoreCalculated': {
      const d = event.data;
      const values = {
        assignment_id: d.assignment_id,
        student_id: d.student_id,
        reviewer_id: d.reviewer_id,
        score: d.score,
      };
      return upsertRow(tx, TABLES.reviewerScores, d.reviewer_score_id, values, event, d.student_id);
    }
    // The per-student finish and restore show through the attempts they finish and reopen.
    case 'AssignmentStudentFinished':
    case 'AssignmentStudentRestored':
      return;
    default:
      return unhandledEvent(event);
  }
}
