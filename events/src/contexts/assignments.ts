import { z } from 'zod';
import { instant } from '../instants';
import { boundedJson, freeJsonObject, freeJsonValue, isStorableJson } from '../free-json';
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

// ---------------------------------------------------------------- vocabulary (specification 000 §4)

export const ASSIGNMENT_STATUSES = ['completed', 'remaining', 'suspended', 'process'] as const;
export const ASSIGNMENT_TYPES = ['quiz', 'lesson', 'webinar', 'external'] as const;
export const ACCESS_TYPES = ['private', 'public', 'prepaid'] as const;
export const POINTS_METHODS = ['sum', 'avg'] as const;
export const CERTIFICATE_ISSUE_TYPES = ['auto-all', 'auto-conditions', 'manual'] as const;
export const STARTING_AT_TYPES = ['now', 'date'] as const;
export const ENDING_AT_TYPES = ['without', 'date'] as const;
/** Answer results: 0 undefined, 1 answered (waits for review), 2 false, 3 true. */
export const RESULT_CODES = [0, 1, 2, 3] as const;
export const ATTEMPT_STATUSES = ['active', 'finished'] as const;
export const ATTEMPT_FINISH_REASONS = ['student', 'teacher', 'time'] as const;
/** Features a teacher may switch off or on by hand during an assignment (manual_disabled / manual_enabled). */
export const MANUAL_FEATURES = [
  'head_identity',
  'head_tracking',
  'main_camera',
  'second_camera',
  'screen_share',
  'displays_check',
  'fullscreen_mode',
  'read_clipboard',
  'focus_detector',
  'extension_detector',
  'noise_detector',
  'check_env',
] as const;
/** Specification 000 §9: an assignment lasts 7 days unless told otherwise. */
export const ASSIGNMENT_DEFAULT_DAYS = 7;

export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];
export type AssignmentType = (typeof ASSIGNMENT_TYPES)[number];
export type ResultCode = (typeof RESULT_CODES)[number];

// ---------------------------------------------------------------- defaults (specification 000 §9)

/**
 * The default proctoring settings, as specification 000 §9 lists them. Where the specification gives
 * a value without its unit the value is kept as written (tolerances "1500 s"); the four eye-direction
 * scores spread its "0.4 to 0.45" over the sideways (0.4) and vertical (0.45) looks.
 */
export const DEFAULT_PROCTORING_SETTINGS = {
  browser_type: 'any',
  // Recording: main camera, screen share and second camera on; upload off; microphone off.
  main_camera_record: true,
  screen_share_record: true,
  second_camera_record: true,
  upload: false,
  microphone_record: false,
  // Checks and detectors.
  check_env: true,
  displays_check: true,
  fullscreen_mode: true,
  focus_detector: true,
  extension_detector: true,
  noise_detector: true,
  speech_detector: true,
  // Identity by photo; head tracking on the client.
  head_identity: true,
  head_identity_type: 'photo',
  head_tracking: true,
  head_tracking_type: 'client',
  noise_sensitivity: 10,
  head_sensitivity: { x: 50, y: 40, depth: 12 },
  head_center_area: { width: 40, height: 30 },
  head_position: { confidence: 0.5, probability: 0.96, interval: 1200 },
  head_compare: { interval: 4000, euclidean_distance: 0.5 },
  face_landmarker: {
    enabled: false,
    interval: 700,
    threshold: 0.5,
    eye_direction: { look_left: 0.4, look_right: 0.4, look_up: 0.45, look_down: 0.45 },
  },
  object_detection: {
    enabled: false,
    interval: 2000,
    threshold: 0.5,
    categories: {
      phone: { score: 0.4 },
      remote: { score: 0.4 },
      laptop: { score: 0.4 },
      person: { score: 0.7, count: 2 },
    },
  },
  noise_tolerance: { frames: 3, time: 1500 },
  speech_tolerance: 1500,
  silent_tolerance: 1500,
  head_tolerance: 1500,
  focus_tolerance: 1500,
  speech: { min_frames: 5, pre_pad_frames: 10, positive_threshold: 0.9 },
  quiet_frames: 30,
  mute_frames: 30,
  // Not in the specification: the server's AI re-analysis of the attempt's main camera once it is
  // converted (docs/ai-analysis.md). On by default, whatever head_tracking_type the client uses.
  ai_analysis: true,
};
export type ProctoringSettings = typeof DEFAULT_PROCTORING_SETTINGS;

/** Specification 000 §9: shuffle off, per_student 0, no variant split. */
export const DEFAULT_COMPONENT_SETTINGS = {
  all: { shuffle: false, per_student: 0, variant_split: 'none', conditions: [] as unknown[] },
};
/** Specification 000 §9: issued automatically on conditions, report shown. */
export const DEFAULT_CERTIFICATE_SETTINGS = { issue_type: 'auto-conditions', show_report: true } as const;

// ---------------------------------------------------------------- the settings migration

/** Older proctoring setting names and their current ones (specification 000 §3). */
export const LEGACY_PROCTORING_SETTING_NAMES = {
  camera_record: 'main_camera_record',
  two_camera: 'second_camera_record',
  screen_record: 'screen_share_record',
} as const;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Renames the older keys of proctoring settings; a current name given as well wins over the old one. */
export function migrateProctoringSettings(value: unknown): unknown {
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = { ...value };
  for (const [old, current] of Object.entries(LEGACY_PROCTORING_SETTING_NAMES)) {
    if (!(old in out)) continue;
    if (!(current in out)) out[current] = out[old];
    delete out[old];
  }
  return out;
}

/** The migration applied to an assignment's settings object (its proctoring_settings). */
export function migrateAssignmentSettings(settings: unknown): unknown {
  if (!isObject(settings) || !('proctoring_settings' in settings)) return settings;
  return { ...settings, proctoring_settings: migrateProctoringSettings(settings.proctoring_settings) };
}

// ---------------------------------------------------------------- settings schemas

/** A schema with the shape and the defaults of a constant: every key optional, defaulted to it. */
function defaultsOf(value: unknown): z.ZodType {
  if (typeof value === 'boolean') return z.boolean().default(value);
  if (typeof value === 'number') return z.number().min(-1e9).max(1e9).default(value);
  if (typeof value === 'string') return z.string().max(255).default(value);
  if (Array.isArray(value)) return boundedJson(z.array(z.unknown()).max(1000)).default([...value]);
  const shape = Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, child]) => [key, defaultsOf(child)]),
  );
  return z.object(shape).prefault({});
}

/** Older names are migrated before validation, so old clients' payloads keep working. */
export const proctoringSettingsSchema = (
  z.preprocess(migrateProctoringSettings, defaultsOf(DEFAULT_PROCTORING_SETTINGS)) as unknown as z.ZodType<
    ProctoringSettings,
    Partial<ProctoringSettings>
  >
).prefault({});

export const componentSettingsSchema = z
  .object({
    all: z
      .object({
        shuffle: z.boolean().default(false),
        per_student: z.int().min(0).max(1000).default(0),
        variant_split: z.string().max(32).default('none'),
        conditions: boundedJson(z.array(z.unknown()).max(100)).default([]),
      })
      .prefault({}),
  })
  .prefault({});

export const assignmentSettingsSchema = z
  .object({
    proctoring_settings: proctoringSettingsSchema,
    webinar_settings: json.default({}),
    component_settings: componentSettingsSchema,
    scenario_settings: z
      .object({ conditions: boundedJson(z.array(z.unknown()).max(100)).default([]) })
      .prefault({}),
    certificate: z
      .object({
        issue_type: z.enum(CERTIFICATE_ISSUE_TYPES).default('auto-conditions'),
        show_report: z.boolean().default(true),
      })
      .prefault({}),
  })
  .refine((value) => isStorableJson(value), 'Недопустимые символы в настройках')
  .prefault({});
export type AssignmentSettings = z.infer<typeof assignmentSettingsSchema>;

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

export type ClassCreatedData = z.infer<typeof ClassEvents.created.schema>;
export type AssignmentCreatedData = z.infer<typeof AssignmentCreated.schema>;
export type AssignmentUpdatedData = z.infer<typeof AssignmentUpdated.schema>;
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
