import { z } from 'zod';
import { instant } from '../instants';
import { freeJsonValue } from '../free-json';
import { defineEvent } from '../registry';
import { ATTEMPT_FINISH_REASONS } from './assignment-settings';

/**
 * A student's work on an assignment, stream `participation-<uuid(assignment, student)>`: attempts,
 * graded answers, reviews, scores, the teacher's per-student actions; and the comments on it
 * (`assignment_comment-<id>`). The contract that lists them is in assignments.ts.
 */
const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Ожидаются латинские буквы, цифры, "-" или "_"');
const nullableId = id.nullable().default(null);
const at = instant();
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// ---------------------------------------------------------------- a student's work on an assignment

const work = { assignment_id: id, student_id: id };
const points = z.number().min(-1e6).max(1e6);
const resultCode = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

/**
 * Version 2 carries what the attempt shows, decided when it starts (variant, drawn and shuffled
 * questions, option order). Version 1 attempts were started before that: they show every component of
 * the assignment in its order, which is what `components: null` says.
 */
export const AssignmentAttemptStarted = defineEvent({
  type: 'AssignmentAttemptStarted',
  version: 2,
  schema: z.object({
    ...work,
    attempt_id: id,
    number: z.int().min(1),
    started_at: at,
    /** When the attempt's time runs out (complete_time plus the student's extra minutes); null: no limit. */
    ends_at: at.nullable(),
    /** The variant group the attempt was given (component_settings.all.variant_split); null: no split. */
    variant: z.int().min(1).max(100).nullable(),
    /** The assignment's component ids the attempt shows, in order; null: all of them, in their order. */
    components: z.array(id).max(2000).nullable(),
    /** Per question: its options' (choice) or items' (drag-and-drop) ids in the order shown. */
    option_orders: z.record(id, z.array(z.string().min(1).max(64)).max(50)),
    /** The most the attempt can score (its questions' points); null: the assignment's points. */
    max_points: points.nullable(),
  }),
  upcasters: {
    1: (data) =>
      isObject(data)
        ? { ...data, variant: null, components: null, option_orders: {}, max_points: null }
        : data,
  },
});
export const AssignmentResultRecorded = defineEvent({
  type: 'AssignmentResultRecorded',
  version: 1,
  schema: z.object({
    ...work,
    result_id: id,
    attempt_id: id,
    assessment_id: id,
    assessment_type: z.enum(['lesson', 'quiz']),
    component_id: id,
    component_type: z.string().min(1).max(32),
    answer: freeJsonValue(),
    result: resultCode,
    points,
    /** The code runner's report for code questions. */
    report: z.unknown().nullable().default(null),
  }),
});
export const AssignmentAttemptFinished = defineEvent({
  type: 'AssignmentAttemptFinished',
  version: 1,
  schema: z.object({ ...work, attempt_id: id, finished_at: at, reason: z.enum(ATTEMPT_FINISH_REASONS) }),
});
export const AssignmentAttemptReopened = defineEvent({
  type: 'AssignmentAttemptReopened',
  version: 1,
  schema: z.object({ ...work, attempt_id: id, ends_at: at.nullable() }),
});
export const AssignmentScoreCalculated = defineEvent({
  type: 'AssignmentScoreCalculated',
  version: 1,
  schema: z.object({
    ...work,
    score_id: id,
    /** Rounded up (specification 000 §9). */
    score: z.int(),
    /** Each attempt's points (reviewers' points where they reviewed), for the attempts' rows. */
    attempts: z.array(z.object({ attempt_id: id, points })),
  }),
});
export const AssignmentReviewerResultRecorded = defineEvent({
  type: 'AssignmentReviewerResultRecorded',
  version: 1,
  schema: z.object({
    ...work,
    reviewer_result_id: id,
    assignment_result_id: id,
    attempt_id: id,
    reviewer_id: id,
    component_id: id,
    component_type: z.string().min(1).max(32),
    result: resultCode,
    points,
  }),
});
export const AssignmentReviewerScoreCalculated = defineEvent({
  type: 'AssignmentReviewerScoreCalculated',
  version: 1,
  schema: z.object({ ...work, reviewer_score_id: id, reviewer_id: id, score: z.int() }),
});
export const AssignmentStudentFinished = defineEvent({
  type: 'AssignmentStudentFinished',
  version: 1,
  schema: z.object({ ...work, finished_at: at }),
});
export const AssignmentStudentRestored = defineEvent({
  type: 'AssignmentStudentRestored',
  version: 1,
  schema: z.object(work),
});
export const AssignmentStudentTimeAdjusted = defineEvent({
  type: 'AssignmentStudentTimeAdjusted',
  version: 1,
  schema: z.object({
    ...work,
    /** Minutes added (negative: taken away) and the student's extra minutes after the change. */
    minutes: z.int(),
    extra_minutes: z.int(),
    /** The active attempt and its new end, when there is one. */
    attempt_id: id.nullable(),
    ends_at: at.nullable(),
  }),
});
export const AssignmentStudentTimeReset = defineEvent({
  type: 'AssignmentStudentTimeReset',
  version: 1,
  schema: z.object({ ...work, attempt_id: id.nullable(), ends_at: at.nullable() }),
});

export const assignmentCommentSchema = z.object({
  assignment_id: id,
  assignment_result_id: nullableId,
  /** Whose work the comment is about: the result's student, or the student commenting. */
  student_id: id,
  user_id: id,
  component_id: nullableId,
  component_type: z.string().max(32).nullable().default(null),
  message: z.string().trim().min(1, 'Введите сообщение').max(10_000),
});
export const AssignmentCommentPosted = defineEvent({
  type: 'AssignmentCommentPosted',
  version: 1,
  schema: assignmentCommentSchema.extend({ id }),
});

export type AssignmentAttemptStartedData = z.infer<typeof AssignmentAttemptStarted.schema>;
export type AssignmentResultRecordedData = z.infer<typeof AssignmentResultRecorded.schema>;
export type AssignmentAttemptFinishedData = z.infer<typeof AssignmentAttemptFinished.schema>;
export type AssignmentAttemptReopenedData = z.infer<typeof AssignmentAttemptReopened.schema>;
export type AssignmentScoreCalculatedData = z.infer<typeof AssignmentScoreCalculated.schema>;
export type AssignmentReviewerResultRecordedData = z.infer<typeof AssignmentReviewerResultRecorded.schema>;
export type AssignmentReviewerScoreCalculatedData = z.infer<typeof AssignmentReviewerScoreCalculated.schema>;
export type AssignmentStudentFinishedData = z.infer<typeof AssignmentStudentFinished.schema>;
export type AssignmentStudentRestoredData = z.infer<typeof AssignmentStudentRestored.schema>;
export type AssignmentStudentTimeAdjustedData = z.infer<typeof AssignmentStudentTimeAdjusted.schema>;
export type AssignmentStudentTimeResetData = z.infer<typeof AssignmentStudentTimeReset.schema>;
export type AssignmentCommentPostedData = z.infer<typeof AssignmentCommentPosted.schema>;
