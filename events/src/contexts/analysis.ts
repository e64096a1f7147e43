import { z } from 'zod';
import { defineContract, defineEvent } from '../registry';

/**
 * AI re-analysis of recordings (docs/ai-analysis.md). One stream per recording session,
 * `analysis-<webinarSessionId>`; each analysis of it is a numbered `run`, asked for by an
 * `AiAnalysisRequested`: the first by the scheduler once the recording is converted (a proctored
 * attempt's main camera unless its assignment turned analysis off; recordings of logs written before
 * the scheduler started run 1 without that event), later ones by the school's staff. A run's results are appended in one batch with its
 * completion, with ids derived from the run, so a crashed run restarted from the beginning appends
 * nothing twice.
 */
const id = z.string().min(1).max(64);
const run = z.int().min(1).max(10_000);
const seconds = z
  .number()
  .min(0)
  .max(7 * 86_400);
const objectKey = z.string().min(1).max(512);

export const SERVER_VIOLATION_TYPES = [
  'face_missing',
  'many_faces',
  'too_far',
  'head_turned',
  // Added with the iris model (docs/ai-analysis.md, "Eyes away"); the client vocabulary already had it.
  'eye_away',
  'face_mismatch',
  'speech',
  'noise',
  'prohibited_objects',
] as const;

const subject = {
  session_id: id,
  run,
  assignment_id: id.nullable(),
  assignment_attempt_id: id.nullable(),
  student_id: id,
};

/**
 * A run of the analysis was asked for: by the scheduler once the recording was converted
 * (`requested_by` null), or by one of the school's staff (their id), e.g. after the models improved.
 */
export const AiAnalysisRequested = defineEvent({
  type: 'AiAnalysisRequested',
  version: 1,
  schema: z.object({
    session_id: id,
    run,
    requested_by: id.nullable(),
    reason: z.string().max(500).nullable(),
  }),
});

/** Why a detector could not run on a recording. */
export const DETECTOR_SKIP_REASONS = [
  // Its model's weights are not on the server (models/scripts/fetch-models.mjs).
  'model_missing',
  // The attempt has no identity photo to compare with, or no face was found on it.
  'no_identity_photo',
  'no_face_on_identity_photo',
  // The recording has no sound (the assignment does not record the microphone).
  'no_audio',
] as const;

/** One detector (named by the violation it raises) of a run: it ran, or why it could not. */
export const detectorOutcome = z.object({
  type: z.enum(SERVER_VIOLATION_TYPES),
  ran: z.boolean(),
  reason: z.enum(DETECTOR_SKIP_REASONS).nullable(),
});
export type DetectorOutcome = z.infer<typeof detectorOutcome>;

export const AiAnalysisStarted = defineEvent({
  type: 'AiAnalysisStarted',
  version: 1,
  schema: z.object({
    ...subject,
    models: z.array(z.string().max(200)).max(20),
    duration: seconds.nullable(),
  }),
});

export const AiAnalysisProgressed = defineEvent({
  type: 'AiAnalysisProgressed',
  version: 1,
  schema: z.object({ session_id: id, run, percent: z.number().min(0).max(100) }),
});

/** A sustained anomaly the server found: seconds on the recording, the detector's confidence, the models. */
export const AiViolationDetected = defineEvent({
  type: 'AiViolationDetected',
  version: 1,
  schema: z.object({
    ...subject,
    type: z.enum(SERVER_VIOLATION_TYPES),
    start: seconds,
    end: seconds,
    confidence: z.number().min(0).max(1),
    peak: z.number().min(0).max(1),
    /** What was seen, in words (prohibited_objects: the object classes, e.g. "cell phone, laptop"). */
    description: z.string().max(500).optional(),
    models: z.array(z.string().max(200)).max(20),
    thumb_key: objectKey.nullable(),
  }),
});

export const AiAnalysisCompleted = defineEvent({
  type: 'AiAnalysisCompleted',
  version: 1,
  schema: z.object({
    session_id: id,
    run,
    frames: z.int().min(0),
    audio_seconds: z.int().min(0),
    violations: z.int().min(0),
    /** Which detectors ran and which could not (absent on runs completed before it was recorded). */
    detectors: z.array(detectorOutcome).max(20).optional(),
  }),
});

export const AiAnalysisFailed = defineEvent({
  type: 'AiAnalysisFailed',
  version: 1,
  schema: z.object({ session_id: id, run, reason: z.string().min(1).max(2000) }),
});

export type AiViolationDetectedData = z.infer<typeof AiViolationDetected.schema>;
export type AiAnalysisStartedData = z.infer<typeof AiAnalysisStarted.schema>;

export const analysisContract = defineContract({
  context: 'analysis',
  categories: ['analysis'],
  events: [
    AiAnalysisRequested,
    AiAnalysisStarted,
    AiAnalysisProgressed,
    AiViolationDetected,
    AiAnalysisCompleted,
    AiAnalysisFailed,
  ],
});
