import { z } from 'zod';
import { defineEvent, type ContextContract } from '../registry';

/**
 * AI re-analysis of recordings (docs/ai-analysis.md). One stream per recording session,
 * `analysis-<webinarSessionId>`; each analysis of it is a numbered `run`: the first comes when the
 * session's recording is converted and the session asked for analysis (is_should_analyze), later ones
 * when someone asks for a re-run (new models). A run's results are appended in one batch with its
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

/** Someone asked for the recording to be analysed again (e.g. after the models improved). */
export const AiAnalysisRequested = defineEvent({
  type: 'AiAnalysisRequested',
  version: 1,
  schema: z.object({ session_id: id, run, requested_by: id, reason: z.string().max(500).nullable() }),
});

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
  }),
});

export const AiAnalysisFailed = defineEvent({
  type: 'AiAnalysisFailed',
  version: 1,
  schema: z.object({ session_id: id, run, reason: z.string().min(1).max(2000) }),
});

export type AiViolationDetectedData = z.infer<typeof AiViolationDetected.schema>;
export type AiAnalysisStartedData = z.infer<typeof AiAnalysisStarted.schema>;

export const analysisContract: ContextContract = {
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
};
