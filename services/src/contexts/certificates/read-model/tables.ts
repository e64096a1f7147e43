import type { RecordTableColumns } from '../../../platform/http/records/record-table';
import { sql, type ColumnType, type Generated, type Kysely, type Migration } from 'kysely';

export const CERTIFICATES_PROJECTION = 'certificates.certificates';
export const TEMPLATES_TABLE = 'certificates_templates';
export const USER_CERTIFICATES_TABLE = 'certificates_user_certificates';
/** Each student's work on each assignment, as the course issuing process folded it (issuing/course-process.ts). */
export const COURSE_WORK_TABLE = 'certificates_course_work';
/** Courses and course materials changed since the course issuing process last looked (courses/course-changes.ts). */
export const COURSE_CHANGES_TABLE = 'certificates_course_changes';
/** Teachers' share links to attempts' public reports (report/report-links.ts). */
export const REPORT_LINKS_TABLE = 'certificates_report_links';

/** jsonb: written as JSON text, read back parsed. */
type Json<T> = ColumnType<T, string, string>;

/**
 * This context's tables as the migrations below make them (queries go through
 * `withTables<CertificatesTables>`), and the published read models of others it reads, each with only
 * the columns read and its owner named. The course certificates' own view is courses/course-tables.ts.
 */
export interface CertificatesTables {
  certificates_templates: RecordTableColumns & {
    image: string | null;
    name: string;
    description: string | null;
    serial_number: Generated<string>;
    serial_counter: Generated<number>;
    elements: ColumnType<unknown[], string | undefined, string>;
    meta: ColumnType<Record<string, unknown>, string | undefined, string>;
    styles: ColumnType<Record<string, unknown>, string | undefined, string>;
    coefficient: Generated<number>;
  };
  certificates_user_certificates: {
    id: string;
    school_id: string | null;
    user_id: string;
    certificate_id: string;
    assignment_id: string | null;
    course_id: string | null;
    name: string;
    number: number;
    certificate_number: string;
    placeholders: Json<Record<string, string>>;
    meta: Json<Record<string, unknown>>;
    issued_at: Date;
    issued_by: string | null;
    status: string;
    status_changed_at: Date | null;
    version: number;
    report_token: string | null;
  };
  certificates_report_links: {
    token: string;
    attempt_id: string;
    assignment_id: string;
    student_id: string;
    school_id: string;
    shared_by: string;
    shared_at: Date;
    revoked_at: Date | null;
  };
  /** Identity's directory (identity/directory/table.ts): the holder's name. */
  users: { id: string; firstname: string; lastname: string; patronymic: string | null };
  /** The schools read model (schools/table.ts): the school's name and logo. */
  schools_schools: { id: string; name: string; logo: string | null };
}

/**
 * Templates (the record API's `certificates`, with the common record columns) and the certificates
 * issued from them. jsonb columns are written as JSON text: pg would send a JS array as a PostgreSQL
 * array.
 */
export const certificatesMigrations: Record<string, Migration> = {
  '0710_certificates_tables': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable(TEMPLATES_TABLE)
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text')
        .addColumn('owner_id', 'text')
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('image', 'text')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('serial_number', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('serial_counter', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('elements', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('meta', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn('styles', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn('coefficient', 'double precision', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .createIndex(`${TEMPLATES_TABLE}_by_school`)
        .on(TEMPLATES_TABLE)
        .columns(['school_id', 'id'])
        .execute();
      await db.schema
        .createTable(USER_CERTIFICATES_TABLE)
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text')
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('certificate_id', 'text', (c) => c.notNull())
        .addColumn('assignment_id', 'text')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('certificate_number', 'text', (c) => c.notNull())
        .addColumn('placeholders', 'jsonb', (c) => c.notNull())
        .addColumn('meta', 'jsonb', (c) => c.notNull())
        .addColumn('issued_at', 'timestamptz', (c) => c.notNull())
        .addColumn('issued_by', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('status_changed_at', 'timestamptz')
        // The template stream's position last applied to this row: replays change nothing.
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex(`${USER_CERTIFICATES_TABLE}_by_user`)
        .on(USER_CERTIFICATES_TABLE)
        .columns(['user_id', 'issued_at'])
        .execute();
      await db.schema
        .createIndex(`${USER_CERTIFICATES_TABLE}_by_assignment`)
        .on(USER_CERTIFICATES_TABLE)
        .columns(['assignment_id', 'user_id'])
        .execute();
    },
  },
  /**
   * Public reports: each certificate's token (null for those issued before reports existed), and the
   * teachers' share links, one row per token ever made; `revoked_at` set once revoked.
   */
  '0711_certificates_report_tokens': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable(USER_CERTIFICATES_TABLE).addColumn('report_token', 'text').execute();
      await db.schema
        .createIndex(`${USER_CERTIFICATES_TABLE}_by_report_token`)
        .on(USER_CERTIFICATES_TABLE)
        .column('report_token')
        .unique()
        .execute();
      await db.schema
        .createTable(REPORT_LINKS_TABLE)
        .addColumn('token', 'text', (c) => c.primaryKey())
        .addColumn('attempt_id', 'text', (c) => c.notNull())
        .addColumn('assignment_id', 'text', (c) => c.notNull())
        .addColumn('student_id', 'text', (c) => c.notNull())
        .addColumn('school_id', 'text', (c) => c.notNull())
        .addColumn('shared_by', 'text', (c) => c.notNull())
        .addColumn('shared_at', 'timestamptz', (c) => c.notNull())
        .addColumn('revoked_at', 'timestamptz')
        .execute();
      await db.schema
        .createIndex(`${REPORT_LINKS_TABLE}_by_attempt`)
        .on(REPORT_LINKS_TABLE)
        .columns(['attempt_id', 'shared_at'])
        .execute();
    },
  },
  /**
   * Certificates for finishing a course: the course of each (null for an assignment's), and the
   * students' standing on every assignment as the course issuing process saw it, in the log's order.
   */
  '0712_certificates_courses': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable(USER_CERTIFICATES_TABLE).addColumn('course_id', 'text').execute();
      await db.schema
        .createIndex(`${USER_CERTIFICATES_TABLE}_by_course`)
        .on(USER_CERTIFICATES_TABLE)
        .columns(['course_id', 'user_id'])
        .execute();
      await db.schema
        .createTable(COURSE_WORK_TABLE)
        .addColumn('assignment_id', 'text', (c) => c.notNull())
        .addColumn('student_id', 'text', (c) => c.notNull())
        // The fold of the student's work (issuing/standing.ts, WorkState), written as JSON text.
        .addColumn('state', 'jsonb', (c) => c.notNull())
        .addPrimaryKeyConstraint(`${COURSE_WORK_TABLE}_pk`, ['assignment_id', 'student_id'])
        .execute();
    },
  },
  /**
   * Courses and materials edited after students worked: the course issuing process notes them here and
   * looks at the course's students again once authoring's read model holds the edit.
   */
  '0713_certificates_course_changes': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable(COURSE_CHANGES_TABLE)
        // 'course:<id>' or 'material:<id>' (a material's course is read once the edit is projected).
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('position', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
};
