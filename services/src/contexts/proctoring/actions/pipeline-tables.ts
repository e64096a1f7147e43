import { sql, type ColumnType, type Generated, type Kysely, type Migration } from 'kysely';
import type { Run, Timeline } from '../timeline/build-timeline';
import type { Credibility } from '../timeline/credibility';

/** jsonb: written as JSON text, read back parsed. */
type Json<T, Insert = string> = ColumnType<T, Insert, string>;

/** The columns 0101 and 0104 below add to proctoring_actions. */
export interface ActionPipelineColumns {
  source: Generated<string>;
  /** Object keys. */
  screenshots: Json<string[], string | undefined>;
  is_archived: Generated<boolean>;
  condition_id: string | null;
  condition_phase: string | null;
}

/** The tables 0101 and 0102 below create (bigint positions as decimal strings). */
export interface ProctoringPipelineTables {
  proctoring_activities: {
    id: string;
    school_id: string | null;
    assignment_id: string;
    assignment_attempt_id: string;
    student_id: string;
    chapter_id: string | null;
    component_id: string | null;
    activity_type: string;
    created_at: Date;
    global_position: string;
  };
  proctoring_reviews: {
    id: string;
    school_id: string | null;
    assignment_id: string;
    assignment_attempt_id: string;
    student_id: string;
    action_type: string;
    start_at: Date;
    end_at: Date;
    decision: string;
    note: string | null;
    reviewer_id: string;
    reviewed_at: Date;
    global_position: string;
  };
  proctoring_timelines: {
    assignment_attempt_id: string;
    school_id: string | null;
    assignment_id: string;
    student_id: string;
    timeline: Json<Timeline>;
    credibility: Json<Credibility>;
    score: number;
    global_position: string;
    /** 0102: null on rows written before (rebuilt whole at their next signal). */
    runs: ColumnType<Run[] | null, string | null | undefined, string | null>;
  };
}

/**
 * The rest of the proctoring read models, filled by the same projection as proctoring_actions (one
 * transaction, so an attempt's timeline always matches its actions and reviews):
 * - proctoring_actions gains the source, the screenshots' object keys and the archived flag;
 * - proctoring_activities: the specification's assignment activities;
 * - proctoring_reviews: every interval review, latest last (by global_position);
 * - proctoring_timelines: per attempt, the merged timeline and its credibility score.
 */
export const proctoringPipelineMigrations: Record<string, Migration> = {
  '0101_proctoring_pipeline': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('proctoring_actions')
        .addColumn('source', 'text', (c) => c.notNull().defaultTo('client'))
        .addColumn('screenshots', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('is_archived', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute();
      await db.schema
        .createIndex('proctoring_actions_by_attempt')
        .on('proctoring_actions')
        .columns(['assignment_attempt_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('proctoring_actions_by_student')
        .on('proctoring_actions')
        .columns(['school_id', 'student_id', 'created_at'])
        .execute();
      await db.schema
        .createTable('proctoring_activities')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text')
        .addColumn('assignment_id', 'text', (c) => c.notNull())
        .addColumn('assignment_attempt_id', 'text', (c) => c.notNull())
        .addColumn('student_id', 'text', (c) => c.notNull())
        .addColumn('chapter_id', 'text')
        .addColumn('component_id', 'text')
        .addColumn('activity_type', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('global_position', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('proctoring_activities_by_assignment')
        .on('proctoring_activities')
        .columns(['assignment_id', 'student_id', 'created_at'])
        .execute();
      await db.schema
        .createTable('proctoring_reviews')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text')
        .addColumn('assignment_id', 'text', (c) => c.notNull())
        .addColumn('assignment_attempt_id', 'text', (c) => c.notNull())
        .addColumn('student_id', 'text', (c) => c.notNull())
        .addColumn('action_type', 'text', (c) => c.notNull())
        .addColumn('start_at', 'timestamptz', (c) => c.notNull())
        .addColumn('end_at', 'timestamptz', (c) => c.notNull())
        .addColumn('decision', 'text', (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('reviewer_id', 'text', (c) => c.notNull())
        .addColumn('reviewed_at', 'timestamptz', (c) => c.notNull())
        .addColumn('global_position', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('proctoring_reviews_by_attempt')
        .on('proctoring_reviews')
        .columns(['assignment_attempt_id', 'global_position'])
        .execute();
      await db.schema
        .createTable('proctoring_timelines')
        .addColumn('assignment_attempt_id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text')
        .addColumn('assignment_id', 'text', (c) => c.notNull())
        .addColumn('student_id', 'text', (c) => c.notNull())
        .addColumn('timeline', 'jsonb', (c) => c.notNull())
        .addColumn('credibility', 'jsonb', (c) => c.notNull())
        .addColumn('score', 'integer', (c) => c.notNull())
        .addColumn('global_position', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('proctoring_timelines_by_assignment')
        .on('proctoring_timelines')
        .columns(['assignment_id', 'score'])
        .execute();
    },
  },
  '0102_proctoring_timeline_runs': {
    async up(db: Kysely<unknown>) {
      // The merged runs behind a timeline, so new signals re-merge only near themselves (splice-runs.ts).
      // Null for rows written before: those are rebuilt whole at their next signal.
      await db.schema.alterTable('proctoring_timelines').addColumn('runs', 'jsonb').execute();
    },
  },
  '0103_proctoring_holds_by_attempt': {
    async up(db: Kysely<unknown>) {
      // Every student write asks for the attempt's latest suspend, resume or stop. Through the attempt's
      // index that walks back over all its signals when there is none (thousands in an hour's exam); the
      // proctor's few hold actions have an index of their own.
      await sql`CREATE INDEX proctoring_actions_holds ON proctoring_actions
        (assignment_attempt_id, created_at DESC, global_position DESC)
        WHERE action_type IN ('exam_suspended', 'exam_resumed', 'exam_stopped')`.execute(db);
    },
  },
  '0104_proctoring_action_conditions': {
    async up(db: Kysely<unknown>) {
      // A condition's phases (begin, heartbeats, end) are listed as one row (read/list-telemetry.ts):
      // the list needs to know which rows are phases of which condition. The projection's version 2
      // fills them for rows written before.
      await db.schema
        .alterTable('proctoring_actions')
        .addColumn('condition_id', 'text')
        .addColumn('condition_phase', 'text')
        .execute();
    },
  },
  '0106_proctoring_timelines_as_json': {
    async up(db: Kysely<unknown>) {
      // The projection rewrites an attempt's runs, timeline and score at every batch that touches it,
      // and is the first part of the platform to fall behind under load. As jsonb, PostgreSQL parsed
      // each document into its binary form on every rewrite: a 2,000-row upsert of 30-signal attempts
      // took 274 ms against 129 ms as json, and 2.5 s against 1.5 s at 600 signals (docs/proctoring.md,
      // "Load"). Nothing queries inside these documents but the review queue, which casts.
      await sql`ALTER TABLE proctoring_timelines
        ALTER COLUMN timeline TYPE json USING timeline::json,
        ALTER COLUMN credibility TYPE json USING credibility::json,
        ALTER COLUMN runs TYPE json USING runs::json`.execute(db);
    },
  },
};
