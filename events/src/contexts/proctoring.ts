import { z } from 'zod';
import { instant } from '../instants';
import { defineEvent, type ContextContract } from '../registry';
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

export const proctoringContract: ContextContract = {
  context: 'proctoring',
  categories: ['proctoring', 'proctoring_review'],
  events: [ProctoringActionRecorded, ProctoringActivityRecorded, ProctoringIntervalReviewed],
};
