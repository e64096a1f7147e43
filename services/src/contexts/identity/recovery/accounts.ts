import { sql } from 'kysely';
import { withTables, type ReadModelDb } from '../../../platform/read-models/database';
import type { IdentityTables } from '../tables';
import { normaliseUsername } from '../ids';
import { phoneDigits } from '../verification/phone';

export interface RecoverableUser {
  id: string;
  username: string;
  firstname: string;
  lastname: string;
  email: string | null;
  phone: string | null;
}

const COLUMNS = ['id', 'username', 'firstname', 'lastname', 'email', 'phone'] as const;

export type VerificationType = 'phone' | 'email' | 'fullname';

export async function findByUsername(
  db: ReadModelDb,
  username: string,
): Promise<RecoverableUser | undefined> {
  const row = await withTables<IdentityTables>(db)
    .selectFrom('users')
    .select(COLUMNS)
    .where(sql<string>`lower(username)`, '=', normaliseUsername(username))
    .executeTakeFirst();
  return row;
}

export async function findById(db: ReadModelDb, userId: string): Promise<RecoverableUser | undefined> {
  const row = await withTables<IdentityTables>(db)
    .selectFrom('users')
    .select(COLUMNS)
    .where('id', '=', userId)
    .executeTakeFirst();
  return row;
}

/**
 * How a user proves who they are: a code by SMS when they have a phone, else by e-mail, else their
 * name. An unknown username answers 'fullname' too, so the answer never tells whether a username exists.
 */
export function verificationTypeOf(user: RecoverableUser | undefined): VerificationType {
  if (user?.phone && phoneDigits(user.phone)) return 'phone';
  if (user?.email) return 'email';
  return 'fullname';
}

const same = (a: string, b: string) => a.trim().toLocaleLowerCase('ru') === b.trim().toLocaleLowerCase('ru');

/** Only a user who has neither phone nor e-mail may use their name: otherwise it would bypass the code. */
export function nameProvesUser(
  user: RecoverableUser | undefined,
  firstname: string,
  lastname: string,
): user is RecoverableUser {
  return (
    user !== undefined &&
    verificationTypeOf(user) === 'fullname' &&
    same(user.firstname, firstname) &&
    same(user.lastname, lastname)
  );
}
