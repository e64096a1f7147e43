import { z } from 'zod';
import { recordId } from '../../../platform/http/records/list-query';

/**
 * A proctoring action's body is the shared contract's (events/src/contracts/proctoring-actions.ts), which
 * the web's sender derives its type from; the activity's is the server's alone.
 */
export {
  proctoringActionBody as actionBody,
  proctoringActionBatchBody as actionBatchBody,
  type ProctoringActionBody as ActionBody,
} from '@sabaq/events';

const clientId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Ожидаются латинские буквы, цифры, "-" или "_"');
const at = z.iso.datetime({ offset: true });

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
