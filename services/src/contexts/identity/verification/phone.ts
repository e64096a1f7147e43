import { sql } from 'kysely';
import { withTables, type ReadModelDb } from '../../../platform/read-models/database';
import type { IdentityTables } from '../tables';

/**
 * A phone as digits only, or null when it cannot be a phone number: the web client sends the mask
 * '# (###) ###-####', other clients '+7 701 …'; numbers are compared by their digits.
 */
export function phoneDigits(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 10 && digits.length <= 15 ? digits : null;
}

/** The users whose phone has these digits, from the directory (kept current by its projection). */
export async function ownersOfPhone(db: ReadModelDb, digits: string): Promise<string[]> {
  const rows = await withTables<IdentityTables>(db)
    .selectFrom('users')
    .select('id')
    .where(sql<string>`regexp_replace(coalesce(phone, ''), '\\D', '', 'g')`, '=', digits)
    .execute();
  return rows.map((r) => r.id);
}
