import { z } from 'zod';
import { defineEvent, type ContextContract } from '../registry';

/**
 * Proctoring telemetry: one stream per attempt, `proctoring-<attemptId>`, kept apart from the
 * attempt's command stream so that detector signals arriving every second never make a student's
 * answer fail on an expected-version conflict.
 * The action vocabulary and the rest of the context grow in the proctoring pipeline.
 */
export const ProctoringActionRecorded = defineEvent({
  type: 'ProctoringActionRecorded',
  version: 1,
  schema: z.object({
    assignmentId: z.string().min(1).max(64),
    attemptId: z.string().min(1).max(64),
    studentId: z.string().min(1).max(64),
    initiatorId: z.string().min(1).max(64).nullable().default(null),
    webinarSessionId: z.string().min(1).max(64).nullable().default(null),
    actionType: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[a-z][a-z0-9_.-]*$/),
    isWarning: z.boolean().default(false),
    description: z.string().max(2000).nullable().default(null),
  }),
});

export type ProctoringActionRecordedData = z.infer<typeof ProctoringActionRecorded.schema>;

export const proctoringContract: ContextContract = {
  context: 'proctoring',
  categories: ['proctoring'],
  events: [ProctoringActionRecorded],
};
