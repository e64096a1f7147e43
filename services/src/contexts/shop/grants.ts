import { withTables, type ReadModelDb } from '../../platform/read-models/database';
import { GRANTS_TABLE } from './read-model/orders-table';
import type { ShopTables } from './read-model/tables';

/**
 * What the shop's paid orders open, for the contexts that guard courses and prepaid assignments. Read
 * from the grants read model (`shop_grants`): a refunded order's rows are revoked and open nothing.
 */
export const PAID_ACCESS_REFUSED = 'Доступ откроется после оплаты';

const idsOf = (value: unknown): string[] => {
  const list: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(list) ? list.map(String) : [];
};

/**
 * What the user holds through bought invite codes' products: the invite's courses and assignments,
 * read from the invite as it is now (a deleted invite opens nothing). Read at the time of asking, so a
 * refund (the grant revoked) closes them with the rest.
 */
async function throughInvites(untyped: ReadModelDb, userId: string) {
  const db = withTables<ShopTables>(untyped);
  const grants = await db
    .selectFrom(GRANTS_TABLE)
    .select('invite_code_id')
    .distinct()
    .where('user_id', '=', userId)
    .where('revoked', '=', false)
    .where('invite_code_id', 'is not', null)
    .execute();
  // Only asked when there is one, so a platform without the identity context's tables never asks.
  if (grants.length === 0) return { courses: [], assignments: [] };
  const invites = await db
    .selectFrom('identity_invite_codes')
    .select(['courses', 'assignments'])
    .where('deleted', '=', false)
    .where(
      'id',
      'in',
      grants.map((g) => String(g.invite_code_id)),
    )
    .execute();
  return {
    courses: invites.flatMap((i) => idsOf(i.courses)),
    assignments: invites.flatMap((i) => idsOf(i.assignments)),
  };
}

/** Of the given courses, those the user bought (or bought an invite code naming them) and still holds. */
export async function grantedCourses(
  db: ReadModelDb,
  userId: string,
  courseIds: string[],
): Promise<string[]> {
  if (courseIds.length === 0) return [];
  const rows = await withTables<ShopTables>(db)
    .selectFrom(GRANTS_TABLE)
    .select('course_id')
    .distinct()
    .where('user_id', '=', userId)
    .where('revoked', '=', false)
    .where('course_id', 'in', courseIds)
    .execute();
  const viaInvites = (await throughInvites(db, userId)).courses.filter((c) => courseIds.includes(c));
  return [...new Set([...rows.map((row) => String(row.course_id)), ...viaInvites])];
}

/** The assignments the user bought (or bought an invite code naming them) and still holds. */
export async function grantedAssignments(db: ReadModelDb, userId: string): Promise<string[]> {
  const rows = await withTables<ShopTables>(db)
    .selectFrom(GRANTS_TABLE)
    .select('assignment_id')
    .distinct()
    .where('user_id', '=', userId)
    .where('revoked', '=', false)
    .where('assignment_id', 'is not', null)
    .execute();
  const viaInvites = (await throughInvites(db, userId)).assignments;
  return [...new Set([...rows.map((row) => String(row.assignment_id)), ...viaInvites])];
}
