import { CONDITION_PHASES, PROCTORING_ACTION_TYPES, PROCTORING_SOURCES } from '@sabaq/events';
import { z } from 'zod';
import { recordId } from '../../../platform/http/records/list-query';

/** A client's own event id: a retry carries the same one, so it is stored once. */
const clientId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Ожидаются латинские буквы, цифры, "-" или "_"');
const base64 = z.string().min(1).max(3_000_000);
const at = z.iso.datetime({ offset: true });

/** The specification's record of an action (000 §3), as the student's browser or a proctor sends it. */
export const actionBody = z.object({
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
  created_at: at.optional(),
  source: z.enum(PROCTORING_SOURCES).optional(),
  /**
   * A lasting condition's interval (docs/proctoring.md "Conditions"): the client's id of the condition,
   * the same on its begin, heartbeats and end, and which of them this action is. Both or neither.
   */
  condition_id: clientId.optional(),
  condition_phase: z.enum(CONDITION_PHASES, { error: 'Ожидается begin, heartbeat или end' }).optional(),
});
export type ActionBody = z.infer<typeof actionBody>;

/** At most 200 actions a call: a second of a whole class's detector signals fits, a DoS does not. */
export const actionBatchBody = z.object({ actions: z.array(actionBody).min(1).max(200) });

export const activityBody = z.object({
  id: clientId.optional(),
  assignment_id: recordId,
  /** Optional: the student's active attempt of the assignment when absent. */
  assignment_attempt_id: recordId.optional(),
  student_id: recordId.nullable().optional(),
  chapter_id: recordId.nullable().optional(),
  component_id: recordId.nullable().optional(),
  activity_type: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-z][a-z0-9_.-]*$/, 'Ожидаются строчные латинские буквы, цифры, "_", "." или "-"'),
  created_at: at.optional(),
});
export type ActivityBody = z.infer<typeof activityBody>;
