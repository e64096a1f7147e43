import type { RecordTableColumns } from '../../platform/http/records/record-table';
import type { DetectorOutcome } from '@sabaq/events';
import { sql, type ColumnType, type Generated, type Kysely, type Migration } from 'kysely';
import { recordTableMigration } from '../../platform/http/records/record-table';
import type { ReportDiff, ReportInterval } from './report';

export const TABLES = {
  sessions: 'analysis_sessions',
  jobs: 'analysis_jobs',
  claims: 'analysis_job_claims',
  reports: 'ai_reports',
} as const;

/** The report's list and filter columns; its body (summary, intervals, score, diff) is JSON. */
export const REPORT_COLUMNS = {
  session_id: 'text',
  run: 'integer',
  assignment_id: 'text',
  assignment_attempt_id: 'text',
  student_id: 'text',
  session_type: 'text',
  status: 'text',
  progress: 'integer',
  failure: 'text',
} as const;

/** jsonb with a default: written as JSON text (or left to the default), read back parsed. */
type Json<T> = ColumnType<T, string | undefined, string>;
/** jsonb that may be null. */
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

/**
 * The columns of the migrations below (ai_reports: the record table's common columns, then
 * REPORT_COLUMNS, all nullable, then the added ones), plus the published read model analysis reads.
 */
export interface AnalysisTables {
  analysis_sessions: {
    id: string;
    school_id: string | null;
    user_id: string;
    assignment_id: string | null;
    assignment_attempt_id: string | null;
    session_type: string;
    should_analyze: boolean;
    playlist_key: string | null;
    /** Seconds (double precision). */
    duration: number | null;
    erased: Generated<boolean>;
    last_run: Generated<number>;
  };
  analysis_jobs: {
    id: string;
    session_id: string;
    run: number;
    school_id: string | null;
    status: string;
    requested_at: Generated<Date>;
  };
  analysis_job_claims: { job_id: string; worker: string; until: Date };
  ai_reports: RecordTableColumns & {
    session_id: string | null;
    run: number | null;
    assignment_id: string | null;
    assignment_attempt_id: string | null;
    student_id: string | null;
    session_type: string | null;
    status: string | null;
    progress: number | null;
    failure: string | null;
    /** Model versions the run used. */
    models: Json<string[]>;
    intervals: Json<ReportInterval[]>;
    /** Null for a first run. */
    diff: NullableJson<ReportDiff>;
    frames: number | null;
    audio_seconds: number | null;
    duration: number | null;
    /** Null on reports completed before 0902. */
    detectors: NullableJson<DetectorOutcome[]>;
    requested_by: string | null;
  };
  /** Proctoring's actions (proctoring/actions/pipeline-tables.ts): the identity photo's object keys. */
  proctoring_actions: {
    assignment_attempt_id: string;
    action_type: string;
    created_at: Date;
    /** jsonb: object keys. */
    screenshots: string[];
  };
}

export const analysisMigrations: Record<string, Migration> = {
  '0900_analysis_sessions_and_jobs': {
    async up(db: Kysely<unknown>) {
      // What the analysis needs to know of each recording session, from the media context's events.
      await db.schema
        .createTable(TABLES.sessions)
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text')
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('assignment_id', 'text')
        .addColumn('assignment_attempt_id', 'text')
        .addColumn('session_type', 'text', (c) => c.notNull())
        .addColumn('should_analyze', 'boolean', (c) => c.notNull())
        .addColumn('playlist_key', 'text')
        .addColumn('duration', 'double precision')
        .addColumn('erased', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('last_run', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable(TABLES.jobs)
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('session_id', 'text', (c) => c.notNull())
        .addColumn('run', 'integer', (c) => c.notNull())
        .addColumn('school_id', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createTable(TABLES.claims)
        .addColumn('job_id', 'text', (c) => c.primaryKey())
        .addColumn('worker', 'text', (c) => c.notNull())
        .addColumn('until', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
  '0901_ai_reports': {
    async up(db: Kysely<unknown>) {
      await recordTableMigration(TABLES.reports, REPORT_COLUMNS).up(db);
      await db.schema
        .alterTable(TABLES.reports)
        .addColumn('models', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('intervals', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('diff', 'jsonb')
        .addColumn('frames', 'integer')
        .addColumn('audio_seconds', 'integer')
        .addColumn('duration', 'double precision')
        .execute();
    },
  },
  '0902_ai_report_detectors_and_requester': {
    async up(db: Kysely<unknown>) {
      // Which detectors ran and which could not (null on reports completed before it was recorded), and
      // who asked for the run (null: the scheduler, once the recording was converted).
      await db.schema
        .alterTable(TABLES.reports)
        .addColumn('detectors', 'jsonb')
        .addColumn('requested_by', 'text')
        .execute();
    },
  },
};
