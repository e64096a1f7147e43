import { sql, type ColumnType, type Generated, type Kysely, type Migration, type Selectable } from 'kysely';

export const WEBINARS_PROJECTION = 'webinars.webinars';
export const WEBINARS_TABLE = 'webinars_webinars';

/** jsonb: written as JSON text, read back parsed; omitted on insert, it takes the column's default. */
type Json<T> = ColumnType<T, string | undefined, string>;

/**
 * The columns of 1310_webinars_webinars below, plus the published read models webinars reads (only the
 * columns it reads, each under its owner's table name).
 */
export interface WebinarsTables {
  webinars_webinars: {
    id: string;
    school_id: string | null;
    owner_id: string;
    version: number;
    deleted: Generated<boolean>;
    created_at: Date;
    updated_at: Date;
    name: string;
    description: string | null;
    class_id: string | null;
    assignment_id: string | null;
    webinar_server_id: string | null;
    chat_id: string | null;
    type: string;
    status: string;
    ended_at: Date | null;
    /** User ids. */
    participants: Json<string[]>;
  };
  /** Assignments' classes (assignments/read-model/tables.ts): who teaches and who learns. */
  assignments_classes: {
    id: string;
    school_id: string | null;
    deleted: boolean;
    teachers: unknown;
    students: unknown;
  };
  /** Assignments' assignments (assignments/read-model/tables.ts): whose it is and who takes it. */
  assignments_assignments: {
    id: string;
    school_id: string | null;
    owner_id: string | null;
    deleted: boolean;
    students: unknown;
  };
  /** People's directory (people/directory/table.ts): the names a call's tiles show. */
  people_directory: { id: string; school_id: string | null; firstname: string; lastname: string };
  /** Infrastructure's webinar servers (a record collection, infrastructure/collections.ts). */
  infrastructure_webinar_servers: {
    id: string;
    school_id: string | null;
    deleted: boolean;
    provider: string | null;
    type: string | null;
    host: string | null;
    /** JSON text: { alternate_host, ice_servers }. */
    options: string | null;
  };
}

export type WebinarRow = Selectable<WebinarsTables['webinars_webinars']>;

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
