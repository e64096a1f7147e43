import { z } from 'zod';
import { CONDITION_PHASES } from '../contexts/proctoring';
import { PROCTORING_ACTION_TYPES, PROCTORING_SOURCES } from '../contexts/proctoring-vocabulary';

/**
 * One proctoring action, the one contract of its shapes: what a client sends (`POST
 * /api/assignment/actions`, the batch, the socket's `proctoring.actions` frames), what the API answers
 * (`GET /api/assignment/actions`, the POST's `entity`) and what the live feed pushes (`ActionRecorded`
 * on `assignment.{id}`) are all defined here; the web derives its types from them (`z.infer`).
 */

/** Ids the read models use (uuids, short slugs); the record API's rule (records/list-query.ts). */
const recordId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Expected letters, digits, "-" or "_"');
/** A client's own event id: a retry carries the same one, so it is stored once. */
const clientId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Ожидаются латинские буквы, цифры, "-" или "_"');
const base64 = z.string().min(1).max(3_000_000);
const clientTime = z.iso.datetime({ offset: true });

/** The specification's record of an action (000 §3), as the student's browser or a proctor sends it. */
export const proctoringActionBody = z.object({
  id: clientId.optional(),
  assignment_id: recordId,
  assignment_attempt_id: recordId,
  /** A student may only name themselves; staff name the attempt's student or nobody. */
  student_id: recordId.nullable().optional(),
  /** Ignored: the initiator is the caller. Accepted because the web client echoes the record. */
  initiator_id: z.unknown().optional(),
  webinar_session_id: recordId.nullable().optional(),
  action_type: z.enum(PROCTORING_ACTION_TYPES, { error: 'Неизвестный тип действия' }),
  is_warning: z.boolean().optional(),
  description: z.string().max(2000).nullable().optional(),
  screenshot: base64.nullable().optional(),
  screenshots: z.array(base64).max(5).optional(),
  /** When it happened on the client; the server's clock when absent. */
  created_at: clientTime.optional(),
  source: z.enum(PROCTORING_SOURCES).optional(),
  /**
   * A lasting condition's interval (docs/proctoring.md "Conditions"): the client's id of the condition,
   * the same on its begin, heartbeats and end, and which of them this action is. Both or neither.
   */
  condition_id: clientId.optional(),
  condition_phase: z.enum(CONDITION_PHASES, { error: 'Ожидается begin, heartbeat или end' }).optional(),
});
export type ProctoringActionBody = z.infer<typeof proctoringActionBody>;

/** At most 200 actions a call: a second of a whole class's detector signals fits, a DoS does not. */
export const proctoringActionBatchBody = z.object({ actions: z.array(proctoringActionBody).min(1).max(200) });

/**
 * A stored action as the API answers it and the live feed pushes it. The routes serialise through it
 * (a field not named here never leaves the server), the push check holds pushes to it strictly
 * (realtime.ts), and the server's builders are typed by it, so a field added in one place only does
 * not compile.
 */
export const proctoringAction = z
  .object({
    id: z.string(),
    assignment_id: z.string(),
    assignment_attempt_id: z.string(),
    /** Null only for an action stored without one before the store checked (docs/architecture.md). */
    student_id: z.string().nullable(),
    /** Who recorded it: the student's own client, or a proctor or teacher acting on the attempt. */
    initiator_id: z.string().nullable(),
    webinar_session_id: z.string().nullable(),
    action_type: z.string(),
    is_warning: z.boolean(),
    is_archived: z.boolean(),
    description: z.string().nullable(),
    source: z.enum(PROCTORING_SOURCES),
    /** The first screenshot's object key, and all of them (object keys, for the record). */
    screenshot: z.string().nullable(),
    screenshots: z.array(z.string()),
    /** Where to fetch each screenshot, through the API. */
    screenshot_urls: z.array(z.string()),
    /**
     * A lasting condition's id and phase (docs/proctoring.md "Conditions"); null for point signals. Told
     * when the action is recorded (the POST's answer, the push); the lists leave it out.
     */
    condition_id: z.string().nullable().optional(),
    condition_phase: z.enum(CONDITION_PHASES).nullable().optional(),
    /** When it happened (the client's time); null for a stored time no date can hold. */
    created_at: z.string().nullable(),
    /**
     * Whole seconds since the student's previous action in the assignment; null for the first. Only the
     * lists compute it: a just-recorded action (the POST's answer, the push) leaves it out.
     */
    diff: z.number().nullable().optional(),
    /**
     * A condition's row in the lists (one row per condition, its heartbeats folded in): when its end
     * arrived (null while it lasts) and its seconds so far. Left out of a just-recorded action.
     */
    ended_at: z.string().nullable().optional(),
    duration: z.number().nullable().optional(),
  })
  .meta({ id: 'ProctoringAction' });
export type ProctoringAction = z.infer<typeof proctoringAction>;

/** An activity (a chapter or component opened) as the API answers it. */
export const proctoringActivity = z
  .object({
    id: z.string(),
    assignment_id: z.string(),
    assignment_attempt_id: z.string(),
    student_id: z.string(),
    chapter_id: z.string().nullable(),
    component_id: z.string().nullable(),
    activity_type: z.string(),
    created_at: z.string().nullable(),
    /** As an action's: only the lists compute it. */
    diff: z.number().nullable().optional(),
  })
  .meta({ id: 'ProctoringActivity' });
export type ProctoringActivity = z.infer<typeof proctoringActivity>;
