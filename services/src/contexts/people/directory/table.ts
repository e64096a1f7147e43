import { sql, type Generated, type Kysely, type Migration, type Selectable } from 'kysely';

/**
 * One row per user of any group, fed by identity's registrations and this context's own events. The
 * users, students, teachers and proctors collections are views of it by group. No password hash is
 * ever stored here.
 */
export const PEOPLE_TABLE = 'people_directory';

/** The columns of 0400_people_directory below. */
export interface PeopleTables {
  people_directory: {
    id: string;
    school_id: string | null;
    owner_id: string | null;
    /** bigint: a decimal string. */
    position: string;
    deleted: Generated<boolean>;
    created_at: Date;
    updated_at: Date;
    deactivated_at: Date | null;
    group: string;
    username: string;
    firstname: string;
    lastname: string;
    patronymic: string | null;
    email: string | null;
    phone: string | null;
    color: string | null;
    photo: string | null;
    description: string | null;
    register_date: Date;
    credibility: number | null;
    points: Generated<number>;
    notify_via_sms: Generated<boolean>;
    notify_via_email: Generated<boolean>;
    request_photo_challenge: Generated<boolean>;
  };
}

export type PersonRow = Selectable<PeopleTables['people_directory']>;

export const peopleMigrations: Record<string, Migration> = {
  '0400_people_directory': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable(PEOPLE_TABLE)
        .addColumn('id', 'text', (c) => c.primaryKey())
        // The school the user was registered in: the school whose managers manage the person.
        .addColumn('school_id', 'text')
        .addColumn('owner_id', 'text')
        // Global position of the last event applied: a row is fed by two streams (user-, person-), so
        // only the global order tells a replayed event from a new one.
        .addColumn('position', 'bigint', (c) => c.notNull())
        .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .addColumn('deactivated_at', 'timestamptz')
        .addColumn('group', 'text', (c) => c.notNull())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('firstname', 'text', (c) => c.notNull())
        .addColumn('lastname', 'text', (c) => c.notNull())
        .addColumn('patronymic', 'text')
        .addColumn('email', 'text')
        .addColumn('phone', 'text')
        .addColumn('color', 'text')
        .addColumn('photo', 'text')
        .addColumn('description', 'text')
        .addColumn('register_date', 'timestamptz', (c) => c.notNull())
        .addColumn('credibility', 'integer')
        .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('notify_via_sms', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('notify_via_email', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('request_photo_challenge', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute();
      // The manager's lists: one school, one group, sorted by name.
      await sql`CREATE INDEX people_directory_by_school ON people_directory (school_id, "group", lastname, id)`.execute(
        db,
      );
    },
  },
};
