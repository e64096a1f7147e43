import type { ReadModelDb } from '../../platform/read-models/database';
import { GRANTS_TABLE } from './read-model/orders-table';

/**
 * What the shop's paid orders open, for the contexts that guard courses and prepaid assignments. Read
 * from the grants read model (`shop_grants`): a refunded order's rows are revoked and open nothing.
 */
export const PAID_ACCESS_REFUSED = 'Доступ откроется после оплаты';

/** Of the given courses, those the user bought and still holds. */
export async function grantedCourses(
  db: ReadModelDb,
  userId: string,
  courseIds: string[],
): Promise<string[]> {
  if (courseIds.length === 0) return [];
  const rows = await db
    .selectFrom(GRANTS_TABLE)
    .select('course_id')
    .distinct()
    .where('user_id', '=', userId)
    .where('revoked', '=', false)
    .where('course_id', 'in', courseIds)
    .execute();
  return rows.map((row) => String(row.course_id));
}

/** The assignments the user bought and still holds. */
export async function grantedAssignments(db: ReadModelDb, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom(GRANTS_TABLE)
    .select('assignment_id')
    .distinct()
    .where('user_id', '=', userId)
    .where('revoked', '=', false)
    .where('assignment_id', 'is not', null)
    .execute();
  return rows.map((row) => String(row.assignment_id));
}
