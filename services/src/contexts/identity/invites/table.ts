import { sql, type Kysely, type Migration } from 'kysely';

export const INVITES_TABLE = 'identity_invite_codes';
export const INVITES_PROJECTION = 'identity.invite-codes';

/** Columns holding lists and free-form objects: written as JSON text, read back parsed. */
export const JSON_COLUMNS = [
  'settings',
  'form_data',
  'removed_users',
  'assignments',
  'courses',
  'classgroups',
  'recipients',
] as const;

/**
 * The record API's table for /api/invite-codes: the framework's common columns (id, school_id,
 * owner_id, version, deleted, created_at, updated_at) and the invite's own.
 */
export const inviteMigrations: Record<string, Migration> = {
  '0210_identity_invite_codes': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable(INVITES_TABLE)
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text')
        .addColumn('owner_id', 'text')
        // The invite stream's position last applied: a replayed event changes nothing.
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('product_id', 'text')
        .addColumn('group', 'text', (c) => c.notNull())
        .addColumn('limits', 'integer', (c) => c.notNull())
        .addColumn('usages_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_revoked', 'boolean', (c) => c.notNull())
        .addColumn('expires_in', 'integer')
        .addColumn('expired_at', 'timestamptz')
        .addColumn('form_enabled', 'boolean', (c) => c.notNull())
        .addColumn('form_url', 'text')
        .addColumn('form_name', 'text')
        .addColumn('form_description', 'text')
        .addColumn('form_logo', 'text')
        .addColumn('settings', 'jsonb', (c) => c.notNull())
        .addColumn('form_data', 'jsonb')
        .addColumn('removed_users', 'jsonb', (c) => c.notNull())
        .addColumn('assignments', 'jsonb', (c) => c.notNull())
        .addColumn('courses', 'jsonb', (c) => c.notNull())
        .addColumn('classgroups', 'jsonb', (c) => c.notNull())
        .addColumn('recipients', 'jsonb', (c) => c.notNull())
        .execute();
      await sql`CREATE INDEX identity_invite_codes_by_school ON identity_invite_codes (school_id, owner_id, id)`.execute(
        db,
      );
    },
  },
};
