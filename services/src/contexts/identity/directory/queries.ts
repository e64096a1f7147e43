import { withTables, type ReadModelDb } from '../../../platform/read-models/database';
import type { IdentityTables } from '../tables';
import { waitForProjections } from '../../../platform/projections/wait-for-projection';
import type { EventStore } from '../../../platform/ports/event-store';
import { userStream } from '../user-decider';
import type { DirectoryTables } from './table';

export type SchoolView = DirectoryTables['schools'];
export type UserRow = DirectoryTables['users'];

const USER_COLUMNS = [
  'id',
  'school_id',
  'group',
  'firstname',
  'lastname',
  'patronymic',
  'email',
  'phone',
  'username',
  'color',
  'photo',
  'register_date',
  'last_activity_date',
  'is_need_complete_challenge',
  'is_multiple_schools',
] as const;

export async function schoolsOfUser(db: ReadModelDb, userId: string): Promise<SchoolView[]> {
  const rows = await withTables<IdentityTables>(db)
    .selectFrom('schools')
    .innerJoin('user_schools', 'user_schools.school_id', 'schools.id')
    .selectAll('schools')
    .where('user_schools.user_id', '=', userId)
    .orderBy('schools.name')
    .execute();
  return rows as SchoolView[];
}

/**
 * The user as the specification names its fields, for the session's chosen school. Waits for the
 * directory projection when the user's stream is ahead of it (a login right after registration).
 */
export async function userView(
  db: ReadModelDb,
  store: EventStore,
  userId: string,
  schoolId: string | null,
  options: { extended: boolean },
) {
  let row = await readUser(db, userId);
  if (!row) {
    const events = await store.readStream(userStream(userId));
    const last = events.at(-1);
    if (!last) return undefined;
    await waitForProjections(db, ['identity.directory'], last.globalPosition);
    row = await readUser(db, userId);
    if (!row) return undefined;
  }
  const schools = await schoolsOfUser(db, userId);
  const chosen = schools.find((s) => s.id === schoolId) ?? null;
  return {
    ...row,
    // The session's school, null while a user of several schools has not chosen one.
    school_id: chosen?.id ?? null,
    full_name: [row.lastname, row.firstname, row.patronymic].filter(Boolean).join(' '),
    school: chosen,
    ...(options.extended ? { schools } : {}),
  };
}

async function readUser(db: ReadModelDb, userId: string): Promise<UserRow | undefined> {
  const row = await withTables<IdentityTables>(db)
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where('id', '=', userId)
    .executeTakeFirst();
  return row;
}
