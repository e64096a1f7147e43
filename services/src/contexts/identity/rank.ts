import type { Caller } from '../../platform/http/caller';
import { ForbiddenError, NotFoundError } from '../../platform/errors';
import type { ContextServices } from '../../platform/context';
import { withTables } from '../../platform/read-models/database';
import type { IdentityTables } from './tables';

/** Groups whose accounts only an admin acts on: a manager may not lock out their equals or superiors. */
const STAFF_ABOVE_MANAGER = new Set(['admin', 'manager']);

/**
 * Whether the caller may act on another user's account (challenges and the like): an admin on anyone;
 * a manager on themselves and on the students, teachers, proctors and analysts of their own school,
 * never on an admin or another manager; nobody else. 404 for an unknown user, 403 otherwise.
 */
export async function requireRankOver(
  services: Pick<ContextServices, 'db'>,
  caller: Caller,
  userId: string,
): Promise<void> {
  const user = await withTables<IdentityTables>(services.db)
    .selectFrom('users')
    .select('group')
    .where('id', '=', userId)
    .executeTakeFirst();
  const schools = await withTables<IdentityTables>(services.db)
    .selectFrom('user_schools')
    .select('school_id')
    .where('user_id', '=', userId)
    .execute();
  if (!user && schools.length === 0) throw new NotFoundError('Пользователь не найден');
  if (caller.group === 'admin') return;
  if (caller.group !== 'manager') throw new ForbiddenError();
  if (userId === caller.userId) return;
  const sameSchool = caller.schoolId !== null && schools.some((s) => s.school_id === caller.schoolId);
  if (!sameSchool || !user || STAFF_ABOVE_MANAGER.has(String(user.group))) throw new ForbiddenError();
}
