import { z } from 'zod';
import { instant } from '../instants';
import { freeJsonObject } from '../free-json';
import { defineContract, defineEvent } from '../registry';
import { recordEvents } from './reference';

/**
 * Assignments: classes of students, the assignments teachers give them, and the students' work on
 * them. Streams:
 * - `class-<id>`: a class (Created / Updated / Deleted);
 * - `assignment-<id>`: an assignment, its settings, the copy of its questions, suspend / resume / finish;
 * - `participation-<uuid(assignment, student)>`: one student's work on one assignment (attempts,
 *   graded answers, reviews, scores, the teacher's per-student actions), so that max_attempts and a
 *   double submit are decided against one stream and one student's answers never conflict with another's;
 * - `assignment_comment-<id>`: a comment.
 */
const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Ожидаются латинские буквы, цифры, "-" или "_"');
const ids = (max: number) => z.array(id).max(max).default([]);
const nullableId = id.nullable().default(null);
const text = (max: number) => z.string().max(max).nullable().default(null);
const at = instant();
/** Free-form settings: depth, size and storable characters checked (free-json.ts). */
const json = freeJsonObject();
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export * from './assignment-settings';
export * from './assignment-work';
import {
  ASSIGNMENT_TYPES,
  ACCESS_TYPES,
  POINTS_METHODS,
  STARTING_AT_TYPES,
  ENDING_AT_TYPES,
  MANUAL_FEATURES,
  assignmentSettingsSchema,
  migrateAssignmentSettings,
} from './assignment-settings';
import {
  AssignmentAttemptFinished,
  AssignmentAttemptReopened,
  AssignmentAttemptStarted,
  AssignmentCommentPosted,
  AssignmentResultRecorded,
  AssignmentReviewerResultRecorded,
  AssignmentReviewerScoreCalculated,
  AssignmentScoreCalculated,
  AssignmentStudentFinished,
  AssignmentStudentRestored,
  AssignmentStudentTimeAdjusted,
  AssignmentStudentTimeReset,
} from './assignment-work';

// ---------------------------------------------------------------- classes

export const classSchema = z.object({
  type: z.string().trim().min(1).max(32).default('group'),
  image: z.string().max(2048).nullable().default(null),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Ожидается цвет вида #1a2b3c')
    .nullable()
    .default(null),
  name: z.string().trim().min(1, 'Введите название').max(255),
  description: text(20_000),
  chat_id: nullableId,
  teachers: ids(1000),
  students: ids(5000),
  settings: json.default({}),
});
export type ClassFields = z.infer<typeof classSchema>;
export const ClassEvents = recordEvents('Class', classSchema);

// ---------------------------------------------------------------- assignments

const flag = (value = false) => z.boolean().default(value);
const manualFlags = Object.fromEntries(
  MANUAL_FEATURES.flatMap((feature) => [
    [`${feature}_manual_disabled`, flag()],
    [`${feature}_manual_enabled`, flag()],
  ]),
) as Record<
  `${(typeof MANUAL_FEATURES)[number]}_manual_${'disabled' | 'enabled'}`,
  z.ZodDefault<z.ZodBoolean>
>;

/** What a teacher sends; the decider fills in the dates and takes names from lessons and quizzes. */
export const assignmentSchema = z.object({
  external_id: z.string().max(255).nullable().default(null),
  class_id: nullableId,
  webinar_id: nullableId,
  chat_id: nullableId,
  invite_code_id: nullableId,
  product_id: nullableId,
  certificate_id: nullableId,
  // Framed and linked on the student's page: only http(s), never javascript: or data: addresses.
  external_url: z
    .url({ protocol: /^https?$/, error: 'Укажите адрес страницы, начинающийся с http:// или https://' })
    .max(2048)
    .nullable()
    .default(null),
  type: z.enum(ASSIGNMENT_TYPES),
  access_type: z.enum(ACCESS_TYPES).default('private'),
  // Required for webinars and external assignments; taken from the lessons or quizzes otherwise.
  name: z.string().trim().max(255).nullable().default(null),
  description: text(20_000),
  /** Minutes a student has for an attempt; null: unlimited (001 §9 offers 30 … 240 or custom). */
  complete_time: z.int().min(1).max(525_600).nullable().default(null),
  /** Attempts a student may start; null: unlimited (001 §9 offers 1, 2, 3, 5 or custom). */
  max_attempts: z.int().min(1).max(1000).nullable().default(null),
  points_method_type: z.enum(POINTS_METHODS).default('sum'),
  settings: assignmentSettingsSchema,
  starting_at: at.nullable().default(null),
  starting_at_type: z.enum(STARTING_AT_TYPES).default('now'),
  ending_at: at.nullable().default(null),
  ending_at_type: z.enum(ENDING_AT_TYPES).default('without'),
  observer: json.nullable().default(null),
  application: json.nullable().default(null),
  is_points_method: flag(),
  is_straight_answer: flag(),
  is_show_answers_after_finished: flag(),
  is_show_results_after_finished: flag(),
  is_show_scores: flag(),
  is_hide_users: flag(),
  is_comments: flag(),
  is_chat: flag(),
  is_invite_code: flag(),
  is_certificate: flag(),
  is_proctoring: flag(true),
  is_webinar: flag(),
  is_public: flag(),
  is_unlisted: flag(),
  is_random_assessment: flag(),
  proctoring_policy_agree: flag(),
  proctoring_fallback_allow: flag(),
  proctoring_mobile_restrict: flag(),
  ...manualFlags,
  lessons: ids(50),
  quizzes: ids(50),
  reviewers: ids(100),
  students: ids(5000),
  rooms: ids(100),
});
export type AssignmentInput = z.input<typeof assignmentSchema>;
export type AssignmentFields = z.infer<typeof assignmentSchema>;

/** A question or content block copied from a lesson or quiz when the assignment was made. */
export const assignmentComponentSchema = z.object({
  /** The lesson's or quiz's component id: answers name it as component_id. */
  id,
  component: id,
  type: z.string().min(1).max(32),
  assessment_id: id,
  assessment_type: z.enum(['lesson', 'quiz']),
  position: z.int().min(0),
  data: z.record(z.string(), z.unknown()),
  settings: z.record(z.string(), z.unknown()).nullable(),
  /** The most the component can score. */
  points: z.number(),
});
export type AssignmentComponent = z.infer<typeof assignmentComponentSchema>;

/** The stored assignment: the input with its dates settled and its questions copied. */
export const assignmentRecordSchema = assignmentSchema.extend({
  id,
  // Stored events keep any URL they were written with (before only http(s) was taken); pages check it again.
  external_url: z.url().max(2048).nullable().default(null),
  name: z.string().trim().min(1).max(255),
  starting_at: at,
  ending_at: at,
  components: z.array(assignmentComponentSchema).max(2000).default([]),
});
export type AssignmentRecord = z.infer<typeof assignmentRecordSchema>;

/**
 * Every field optional and none defaulted (zod's partial() would fill in defaults, and a change would
 * reset what the teacher never touched); settings defaults are unwrapped too.
 */
export function changesWithoutDefaults<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape as unknown as Record<string, z.ZodType>)) {
    const bare =
      field instanceof z.ZodDefault || field instanceof z.ZodPrefault ? (field.unwrap() as z.ZodType) : field;
    shape[key] = bare.optional();
  }
  return z.strictObject(shape);
}

const withMigratedSettings = (data: unknown): unknown => {
  if (!isObject(data)) return data;
  return 'settings' in data ? { ...data, settings: migrateAssignmentSettings(data.settings) } : data;
};

/** Version 2 renamed three proctoring settings; events written as version 1 are read with the new names. */
export const AssignmentCreated = defineEvent({
  type: 'AssignmentCreated',
  version: 2,
  schema: assignmentRecordSchema,
  upcasters: { 1: withMigratedSettings },
});
export const AssignmentUpdated = defineEvent({
  type: 'AssignmentUpdated',
  version: 2,
  schema: z.object({
    id,
    changes: changesWithoutDefaults(assignmentRecordSchema.omit({ id: true })),
  }),
  upcasters: {
    1: (data) => (isObject(data) ? { ...data, changes: withMigratedSettings(data.changes) } : data),
  },
});
export const AssignmentDeleted = defineEvent({
  type: 'AssignmentDeleted',
  version: 1,
  schema: z.object({ id }),
});
const assignmentMoment = z.object({ id, at });
export const AssignmentSuspended = defineEvent({
  type: 'AssignmentSuspended',
  version: 1,
  schema: assignmentMoment,
});
export const AssignmentResumed = defineEvent({
  type: 'AssignmentResumed',
  version: 1,
  schema: assignmentMoment,
});
export const AssignmentFinished = defineEvent({
  type: 'AssignmentFinished',
  version: 1,
  schema: assignmentMoment,
});

export type ClassCreatedData = z.infer<typeof ClassEvents.created.schema>;
export type AssignmentCreatedData = z.infer<typeof AssignmentCreated.schema>;
export type AssignmentUpdatedData = z.infer<typeof AssignmentUpdated.schema>;

export const assignmentsContract = defineContract({
  context: 'assignments',
  categories: ['class', 'assignment', 'participation', 'assignment_comment'],
  events: [
    ClassEvents.created,
    ClassEvents.updated,
    ClassEvents.deleted,
    AssignmentCreated,
    AssignmentUpdated,
    AssignmentDeleted,
    AssignmentSuspended,
    AssignmentResumed,
    AssignmentFinished,
    AssignmentAttemptStarted,
    AssignmentResultRecorded,
    AssignmentAttemptFinished,
    AssignmentAttemptReopened,
    AssignmentScoreCalculated,
    AssignmentReviewerResultRecorded,
    AssignmentReviewerScoreCalculated,
    AssignmentStudentFinished,
    AssignmentStudentRestored,
    AssignmentStudentTimeAdjusted,
    AssignmentStudentTimeReset,
    AssignmentCommentPosted,
  ],
});
