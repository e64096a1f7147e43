import { z } from 'zod';
import { ValidationError } from '../../../platform/errors';
import { recordId } from '../../../platform/http/records/list-query';

const many = (item: z.ZodType<string>) =>
  z.union([item, z.array(item).min(1).max(100)]).transform((v) => (Array.isArray(v) ? v : [v]));
const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const typeName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z][a-z0-9_.-]*$/);

/** The filters of the action and activity lists, given directly (`student_id=`) or as `filter[student_id]=`. */
const filters = {
  assignment_id: many(recordId).optional(),
  student_id: many(recordId).optional(),
  assignment_attempt_id: many(recordId).optional(),
  action_type: many(typeName).optional(),
  activity_type: many(typeName).optional(),
  is_warning: flag.optional(),
};
const listQuery = z.object({
  ...filters,
  filter: z.strictObject(filters).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  paginable: flag.optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export interface TelemetryListQuery {
  assignmentIds?: string[];
  studentIds?: string[];
  attemptIds?: string[];
  types?: string[];
  isWarning?: boolean;
  paging?: { page: number; limit: number };
}

/** The records API's conventions (docs/records-api.md): bracket filters, page / paginable, limit 1–100. */
export function parseListQuery(query: unknown): TelemetryListQuery {
  const parsed = listQuery.safeParse(query ?? {});
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues)
      (errors[issue.path.join('.') || 'query'] ??= []).push(issue.message);
    throw new ValidationError('Неверные параметры запроса', errors);
  }
  const q = parsed.data;
  const f = q.filter ?? {};
  const paged = q.page !== undefined || q.paginable === true;
  return {
    assignmentIds: f.assignment_id ?? q.assignment_id,
    studentIds: f.student_id ?? q.student_id,
    attemptIds: f.assignment_attempt_id ?? q.assignment_attempt_id,
    types: f.action_type ?? q.action_type ?? f.activity_type ?? q.activity_type,
    isWarning: f.is_warning ?? q.is_warning,
    paging: paged ? { page: q.page ?? 1, limit: q.limit ?? 25 } : undefined,
  };
}
