import { z } from 'zod';
import { instant } from '../instants';
import { defineContract, defineEvent } from '../registry';
import {
  PROCTORING_ACTION_TYPES,
  PROCTORING_SOURCES,
  PROCTORING_VIOLATIONS,
  PROCTORING_WARNINGS,
} from './proctoring-vocabulary';

export * from './proctoring-vocabulary';

/**
 * Proctoring telemetry: one stream per attempt, `proctoring-<attemptId>`, kept apart from the
 * attempt's command stream so that detector signals arriving every second never make a student's
 * answer fail on an expected-version conflict. Reviews of an attempt's timeline are decided on their
 * own stream, `proctoring_review-<attemptId>`, so a review never races the telemetry.
 */
const ref = z.string().min(1).max(64);
const at = instant();
/** Object keys of stored screenshots (the ObjectStore's), never the images themselves. */
const objectKey = z
  .string()
  .min(1)
  .max(300)
  .regex(/^[A-Za-z0-9_./-]+$/);

/**
 * A condition the client watches (no face, two faces, focus away, ...) is reported as one interval:
 * `begin` when it started, `heartbeat`s while it lasts, `end` when it stopped, each a separate action
 * with its own client time and the same condition id. The server builds the interval from the earliest
 * to the latest of them (an end closes it), so however late or often they arrive, one condition is one
 * interval of the right length. Absent for point signals (and every event written before).
 */
export const CONDITION_PHASES = ['begin', 'heartbeat', 'end'] as const;
export type ConditionPhase = (typeof CONDITION_PHASES)[number];
/** How often a client repeats a lasting condition; an open one ends at its last heartbeat. */
export const CONDITION_HEARTBEAT_MS = 5_000;
/**
 * A condition still open when its session ended closes at the session's end if its last heartbeat was
 * at most this long before it (the client was alive until then); otherwise at the last heartbeat.
 */
export const CONDITION_SESSION_GRACE_MS = 3 * CONDITION_HEARTBEAT_MS;
const condition = z.object({ id: ref, phase: z.enum(CONDITION_PHASES) });
export type ProctoringCondition = z.infer<typeof condition>;

const actionV2 = z.object({
  assignmentId: ref,
  attemptId: ref,
  studentId: ref,
  initiatorId: ref.nullable().default(null),
  webinarSessionId: ref.nullable().default(null),
  actionType: z.enum(PROCTORING_ACTION_TYPES),
  isWarning: z.boolean().default(false),
  description: z.string().max(2000).nullable().default(null),
  // Version 2: who noticed (client detector, server AI, a proctor) and the screenshots' object keys.
  source: z.enum(PROCTORING_SOURCES).default('client'),
  screenshots: z.array(objectKey).max(10).default([]),
  // Added within version 2 with a default, so earlier version 2 events read as point signals.
  condition: condition.nullable().default(null),
});

/**
 * Version 1 had no source and no screenshots, and a free-form type: read as a client's action without
 * screenshots (every v1 writer was a student's browser).
 */
export const ProctoringActionRecorded = defineEvent({
  type: 'ProctoringActionRecorded',
  version: 2,
  schema: actionV2,
  upcasters: {
    1: (data) => ({ source: 'client', screenshots: [], ...(data as Record<string, unknown>) }),
  },
});
/**
 * The type is a string here, not the vocabulary's union: events stored as version 1 may carry a type
 * the vocabulary never had, and readers must still handle them (the schema refuses them on append).
 */
export type ProctoringActionRecordedData = Omit<z.infer<typeof actionV2>, 'actionType'> & {
  actionType: string;
};

/** What a student did in the assignment (opened a chapter, a component): the specification's activity. */
export const ProctoringActivityRecorded = defineEvent({
  type: 'ProctoringActivityRecorded',
  version: 1,
  schema: z.object({
    assignmentId: ref,
    attemptId: ref,
    studentId: ref,
    chapterId: ref.nullable().default(null),
    componentId: ref.nullable().default(null),
    activityType: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[a-z][a-z0-9_.-]*$/),
  }),
});
export type ProctoringActivityRecordedData = z.infer<typeof ProctoringActivityRecorded.schema>;

export const REVIEW_DECISIONS = ['confirmed', 'dismissed'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/**
 * A proctor or teacher confirmed or dismissed one interval of an attempt's timeline. The interval is
 * named by its type and its span as reviewed: intervals are derived and may grow as late signals
 * arrive, so the review applies to whichever current interval of that type overlaps the span.
 */
export const ProctoringIntervalReviewed = defineEvent({
  type: 'ProctoringIntervalReviewed',
  version: 1,
  schema: z.object({
    assignmentId: ref,
    attemptId: ref,
    studentId: ref,
    actionType: z.enum([...PROCTORING_VIOLATIONS, ...PROCTORING_WARNINGS]),
    start: at,
    end: at,
    decision: z.enum(REVIEW_DECISIONS),
    note: z.string().max(2000).nullable().default(null),
    reviewerId: ref,
  }),
});
export type ProctoringIntervalReviewedData = z.infer<typeof ProctoringIntervalReviewed.schema>;

export const proctoringContract = defineContract({
  context: 'proctoring',
  categories: ['proctoring', 'proctoring_review'],
  events: [ProctoringActionRecorded, ProctoringActivityRecorded, ProctoringIntervalReviewed],
});
