import type { renditionSchema } from '@sabaq/events';
import {
  sql,
  type ColumnType,
  type CreateTableBuilder,
  type Generated,
  type Kysely,
  type Migration,
  type Selectable,
} from 'kysely';
import type { z } from 'zod';
import type { PresenceTables } from '../external/presence-table';

/** The media read models, all filled by one projection (media.records), and the worker's claims. */
export const TABLES = {
  sessions: 'media_webinar_sessions',
  chunks: 'media_chunks',
  records: 'media_webinar_records',
  items: 'media_items',
  jobs: 'media_jobs',
  retention: 'media_retention',
  /** Written by the transcoder worker, not by the projection: which job a worker holds, until when. */
  claims: 'media_job_claims',
} as const;

/** jsonb: written as JSON text (or left to its default), read back parsed. */
type Json<T> = ColumnType<T, string | undefined, string>;
/** bigint: pg hands it back as a decimal string; written as a number. */
type Int8<Null = never> = ColumnType<string | Null, number | string | Null, number | string | Null>;

/** The record API's common columns (`common` below). */
interface CommonColumns {
  id: string;
  school_id: string | null;
  owner_id: string | null;
  version: number;
  deleted: Generated<boolean>;
  created_at: Date;
  updated_at: Date;
}

/** What a conversion leaves on its target (`converted` below). */
interface ConvertedColumns {
  attempt: Generated<number>;
  progress: Generated<number>;
  playlist_key: string | null;
  thumb_key: string | null;
  /** Seconds (double precision). */
  duration: number | null;
  /** Bytes. */
  size: Int8<null>;
  failure_reason: string | null;
}

/**
 * The columns of the migrations below and of 0752 (external/presence-table.ts), plus the published read
 * models media reads (only the columns it reads, each under its owner's table name).
 */
export interface MediaTables extends PresenceTables {
  media_webinar_sessions: CommonColumns &
    ConvertedColumns & {
      webinar_id: string | null;
      session_id: string | null;
      assignment_id: string | null;
      assignment_attempt_id: string | null;
      user_id: string;
      session_type: string;
      session_kind: string;
      status: string;
      state: string | null;
      is_should_analyze: boolean;
      /** Module names. */
      use_modules: Json<string[]>;
      manifest_duration: number | null;
      is_erased: Generated<boolean>;
    };
  media_chunks: {
    session_id: string;
    name: string;
    sha256: string;
    size: Int8;
    key: string;
    version: number;
  };
  media_webinar_records: CommonColumns &
    ConvertedColumns & {
      webinar_session_id: string;
      assignment_id: string | null;
      type: string;
      status: string;
      renditions: Json<z.infer<typeof renditionSchema>[]>;
    };
  media_items: CommonColumns &
    ConvertedColumns & {
      parent_id: string | null;
      /** parent_id, or 'root'. */
      folder: string;
      name: string;
      description: string | null;
      type: string;
      file_name: string | null;
      file_size: Int8<null>;
      mime_type: string | null;
      key: string | null;
      status: string;
      /** 0753: set once the owner shares the file. */
      share_token: string | null;
    };
  media_jobs: {
    id: string;
    stream_id: string;
    attempt: number;
    status: string;
    school_id: string | null;
    requested_at: Date;
  };
  media_job_claims: { job_id: string; worker: string; until: Date };
  media_retention: { school_id: string; days: number | null; version: number };
  /** Assignments' attempts (assignments/read-model/tables.ts): the attempt a session or a phone names. */
  assignments_attempts: {
    id: string;
    assignment_id: string;
    owner_id: string | null;
    school_id: string | null;
    deleted: boolean;
    status: string;
    ends_at: Date | null;
  };
  /** Assignments' assignments (assignments/read-model/tables.ts): the attempt's assignment. */
  assignments_assignments: {
    id: string;
    school_id: string | null;
    owner_id: string | null;
    deleted: boolean;
    name: string;
    is_proctoring: boolean;
    /** jsonb: the whole stored assignment. */
    record: Record<string, unknown>;
  };
  /** Identity's directory (identity/directory/table.ts): the name the phone's page greets. */
  users: { id: string; firstname: string };
}

export type SessionRow = Selectable<MediaTables['media_webinar_sessions']>;

type Builder = CreateTableBuilder<string, never>;

/** The record API's common columns (records-api.md). */
function common(table: Builder): Builder {
  return table
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('school_id', 'text')
    .addColumn('owner_id', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull());
}

async function create(db: Kysely<unknown>, name: string, build: (t: Builder) => Builder) {
  await build(common(db.schema.createTable(name) as unknown as Builder)).execute();
  await db.schema.createIndex(`${name}_by_school`).on(name).columns(['school_id', 'id']).execute();
}

/** What a conversion leaves on its target (a session's record, a media item). */
const converted = (t: Builder) =>
  t
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('playlist_key', 'text')
    .addColumn('thumb_key', 'text')
    .addColumn('duration', 'double precision')
    .addColumn('size', 'bigint')
    .addColumn('failure_reason', 'text');

export const mediaMigrations: Record<string, Migration> = {
  '0750_media_tables': {
    async up(db: Kysely<unknown>) {
      await create(db, TABLES.sessions, (t) =>
        converted(
          t
            .addColumn('webinar_id', 'text')
            .addColumn('session_id', 'text')
            .addColumn('assignment_id', 'text')
            .addColumn('assignment_attempt_id', 'text')
            .addColumn('user_id', 'text', (c) => c.notNull())
            .addColumn('session_type', 'text', (c) => c.notNull())
            .addColumn('session_kind', 'text', (c) => c.notNull())
            .addColumn('status', 'text', (c) => c.notNull())
            .addColumn('state', 'text')
            .addColumn('is_should_analyze', 'boolean', (c) => c.notNull())
            .addColumn('use_modules', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
            .addColumn('manifest_duration', 'double precision')
            .addColumn('is_erased', 'boolean', (c) => c.notNull().defaultTo(false)),
        ),
      );
      await db.schema
        .createIndex(`${TABLES.sessions}_by_attempt`)
        .on(TABLES.sessions)
        .columns(['assignment_attempt_id'])
        .execute();
      await db.schema
        .createTable(TABLES.chunks)
        .addColumn('session_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint(`${TABLES.chunks}_pk`, ['session_id', 'name'])
        .execute();
      await create(db, TABLES.records, (t) =>
        converted(
          t
            .addColumn('webinar_session_id', 'text', (c) => c.notNull())
            .addColumn('assignment_id', 'text')
            .addColumn('type', 'text', (c) => c.notNull())
            .addColumn('status', 'text', (c) => c.notNull())
            .addColumn('renditions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`)),
        ),
      );
      await create(db, TABLES.items, (t) =>
        converted(
          t
            .addColumn('parent_id', 'text')
            // parent_id, or 'root': lists filter by folder, and SQL NULL cannot be a filter value.
            .addColumn('folder', 'text', (c) => c.notNull())
            .addColumn('name', 'text', (c) => c.notNull())
            .addColumn('description', 'text')
            .addColumn('type', 'text', (c) => c.notNull())
            .addColumn('file_name', 'text')
            .addColumn('file_size', 'bigint')
            .addColumn('mime_type', 'text')
            .addColumn('key', 'text')
            .addColumn('status', 'text', (c) => c.notNull()),
        ),
      );
      await db.schema
        .createTable(TABLES.jobs)
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('stream_id', 'text', (c) => c.notNull())
        .addColumn('attempt', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('school_id', 'text')
        .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex(`${TABLES.jobs}_pending`)
        .on(TABLES.jobs)
        .columns(['status', 'requested_at'])
        .execute();
      await db.schema
        .createTable(TABLES.claims)
        .addColumn('job_id', 'text', (c) => c.primaryKey())
        .addColumn('worker', 'text', (c) => c.notNull())
        .addColumn('until', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
  // A migration of its own: databases made by 0750 get the table too.
  '0751_media_retention': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable(TABLES.retention)
        .addColumn('school_id', 'text', (c) => c.primaryKey())
        .addColumn('days', 'integer')
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
    },
  },
  // Lasting links of shared library files (MediaShared): looked up by token, so unique.
  '0753_media_share_token': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable(TABLES.items).addColumn('share_token', 'text').execute();
      await db.schema
        .createIndex('media_items_share_token')
        .unique()
        .on(TABLES.items)
        .column('share_token')
        .execute();
    },
  },
};
