import { sql, type Kysely, type Migration } from 'kysely';

export const WEBINARS_PROJECTION = 'webinars.webinars';
export const WEBINARS_TABLE = 'webinars_webinars';

/** Webinars with the record tables' common columns; participants as jsonb (written as JSON text). */
export const webinarsMigrations: Record<string, Migration> = {
  '1310_webinars_webinars': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable(WEBINARS_TABLE)
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text')
        .addColumn('owner_id', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('class_id', 'text')
        .addColumn('assignment_id', 'text')
        .addColumn('webinar_server_id', 'text')
        .addColumn('chat_id', 'text')
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('ended_at', 'timestamptz')
        .addColumn('participants', 'jsonb', (c) => c.notNull().defaultTo(sql.raw(`'[]'::jsonb`)))
        .execute();
      await db.schema
        .createIndex(`${WEBINARS_TABLE}_by_school`)
        .on(WEBINARS_TABLE)
        .columns(['school_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex(`${WEBINARS_TABLE}_by_assignment`)
        .on(WEBINARS_TABLE)
        .column('assignment_id')
        .execute();
    },
  },
};
