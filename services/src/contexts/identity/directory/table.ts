import { sql, type Kysely, type Migration } from 'kysely';

/** The specification's School, User and the user's schools; no password hash is ever stored here. */
export interface DirectoryTables {
  schools: {
    id: string;
    type: string;
    name: string;
    logo: string | null;
    website: string | null;
    email: string | null;
    short_description: string | null;
    call_center_phone: string | null;
  };
  users: {
    id: string;
    /** The first school the user joined; a session's chosen school may differ. */
    school_id: string;
    group: string;
    firstname: string;
    lastname: string;
    patronymic: string | null;
    email: string | null;
    phone: string | null;
    username: string;
    color: string | null;
    photo: string | null;
    register_date: Date;
    last_activity_date: Date | null;
    is_need_complete_challenge: boolean;
    is_multiple_schools: boolean;
  };
  user_schools: { user_id: string; school_id: string };
}

export const directoryMigrations: Record<string, Migration> = {
  '0200_identity_directory': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('schools')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('logo', 'text')
        .addColumn('website', 'text')
        .addColumn('email', 'text')
        .addColumn('short_description', 'text')
        .addColumn('call_center_phone', 'text')
        .execute();
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text', (c) => c.notNull())
        .addColumn('group', 'text', (c) => c.notNull())
        .addColumn('firstname', 'text', (c) => c.notNull())
        .addColumn('lastname', 'text', (c) => c.notNull())
        .addColumn('patronymic', 'text')
        .addColumn('email', 'text')
        .addColumn('phone', 'text')
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('color', 'text')
        .addColumn('photo', 'text')
        .addColumn('register_date', 'timestamptz', (c) => c.notNull())
        .addColumn('last_activity_date', 'timestamptz')
        .addColumn('is_need_complete_challenge', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('is_multiple_schools', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute();
      // Uniqueness is enforced by the username reservation streams; this index serves look-ups.
      await sql`CREATE INDEX users_by_username ON users (lower(username))`.execute(db);
      await db.schema
        .createTable('user_schools')
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('school_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_schools_pk', ['user_id', 'school_id'])
        .execute();
      await db.schema.createIndex('user_schools_by_school').on('user_schools').column('school_id').execute();
    },
  },
};
