import type { AssignmentRecord } from '@sabaq/events';
import {
  sql,
  type ColumnType,
  type CreateTableBuilder,
  type Generated,
  type Kysely,
  type Migration,
} from 'kysely';
import type { LaunchLinksTables } from '../launch-links/link-table';

/**
 * The assignments read models, all filled by one projection (assignments.records). Every table has the
 * record API's common columns. In the tables of a student's work (attempts, results, scores, reviewer
 * results and scores, comments) `owner_id` is the student whose work it is, so the access table's
 * 'own' means "my own work" for a student.
 */
export const TABLES = {
  classes: 'assignments_classes',
  assignments: 'assignments_assignments',
  attempts: 'assignments_attempts',
  results: 'assignments_results',
  scores: 'assignments_scores',
  reviewerResults: 'assignments_reviewer_results',
  reviewerScores: 'assignments_reviewer_scores',
  comments: 'assignments_comments',
} as const;

/** Columns kept as jsonb; pg would turn a JS array into a PostgreSQL array, so they are sent as JSON text. */
export const JSON_COLUMNS = new Set([
  'settings',
  'teachers',
  'students',
  'reviewers',
  'record',
  'answer',
  'report',
  'state',
]);

/** jsonb with a default: written as JSON text (or left to the default), read back parsed. */
type Json<T> = ColumnType<T, string | undefined, string>;

/** The common columns of every table below (`common`). */
interface CommonColumns {
  id: string;
  school_id: string | null;
  owner_id: string | null;
  version: number;
  deleted: Generated<boolean>;
  created_at: Date;
  updated_at: Date;
}

/** A student's work: which assignment, which student (`work`). */
interface WorkColumns extends CommonColumns {
  assignment_id: string;
  student_id: string;
}

/**
 * The columns of 0600_assignments_tables below and of the launch links (launch-links/link-table.ts),
 * plus the published read models this context reads (only the columns read, under their owners' names).
 */
export interface AssignmentsTables extends LaunchLinksTables {
  assignments_classes: CommonColumns & {
    type: string;
    image: string | null;
    color: string | null;
    name: string;
    description: string | null;
    chat_id: string | null;
    teachers_count: Generated<number>;
    students_count: Generated<number>;
    /** User ids. */
    teachers: Json<string[]>;
    students: Json<string[]>;
    settings: Json<Record<string, unknown>>;
  };
  assignments_assignments: CommonColumns & {
    type: string;
    access_type: string;
    name: string;
    description: string | null;
    class_id: string | null;
    starting_at_type: string;
    starting_at: Date;
    ending_at_type: string;
    ending_at: Date;
    is_proctoring: boolean;
    is_suspended: Generated<boolean>;
    is_finished: Generated<boolean>;
    finished_at: Date | null;
    points: Generated<number>;
    /** The whole stored assignment. */
    record: Json<AssignmentRecord>;
    /** User ids. */
    students: Json<string[]>;
    reviewers: Json<string[]>;
  };
  assignments_attempts: WorkColumns & {
    number: number;
    /** active or finished. */
    status: string;
    started_at: Date;
    ends_at: Date | null;
    finished_at: Date | null;
    finish_reason: string | null;
    variant: number | null;
    points: Generated<number>;
    /** What the attempt shows (components, option orders, max points) and the extra minutes. */
    state: Json<Record<string, unknown>>;
  };
  assignments_results: WorkColumns & {
    assignment_attempt_id: string;
    assessment_id: string | null;
    assessment_type: string | null;
    component_id: string;
    component_type: string;
    result: number;
    points: number;
    report: ColumnType<unknown, string | null | undefined, string | null>;
    answer: Json<unknown>;
  };
  assignments_scores: WorkColumns & { score: number };
  assignments_reviewer_results: WorkColumns & {
    assignment_reviewer_id: string;
    assignment_result_id: string;
    assignment_attempt_id: string;
    component_id: string;
    component_type: string;
    result: number;
    points: number;
  };
  assignments_reviewer_scores: WorkColumns & { reviewer_id: string; score: number };
  assignments_comments: WorkColumns & {
    assignment_result_id: string | null;
    user_id: string;
    component_id: string | null;
    component_type: string | null;
    message: string;
  };
  /** Schools' table (schools/table.ts): a launch link's preview names the school. */
  schools_schools: { id: string; name: string };
  /** Authoring's lessons and quizzes (authoring/read-model/tables.ts): what an assignment copies. */
  authoring_lessons: SourceColumns;
  authoring_quizzes: SourceColumns;
  authoring_lesson_chapters: { id: string; deleted: boolean; position: number };
  authoring_lesson_components: SourceComponentColumns & { lesson_id: string | null; chapter_id: string };
  authoring_quiz_components: SourceComponentColumns & { quiz_id: string };
}

/** Of an authoring lesson or quiz, what an assignment copies. */
interface SourceColumns {
  id: string;
  school_id: string | null;
  deleted: boolean;
  name: string;
  description: string | null;
}

/** Of an authoring component, what an assignment copies (jsonb read parsed). */
interface SourceComponentColumns {
  id: string;
  deleted: boolean;
  position: number;
  component_id: string | null;
  component_type: string;
  data: Record<string, unknown>;
  settings: Record<string, unknown>;
}

type Builder = CreateTableBuilder<string, never>;

function common(table: Builder): Builder {
  return (
    table
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('school_id', 'text')
      .addColumn('owner_id', 'text')
      // Stream position of the last event applied: a replayed or re-delivered event changes nothing.
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
  );
}

const json = (table: Builder, column: string, fallback: string) =>
  table.addColumn(column, 'jsonb', (c) => c.notNull().defaultTo(sql.raw(`'${fallback}'::jsonb`)));

async function create(db: Kysely<unknown>, name: string, build: (t: Builder) => Builder) {
  await build(common(db.schema.createTable(name) as unknown as Builder)).execute();
  await db.schema.createIndex(`${name}_by_school`).on(name).columns(['school_id', 'id']).execute();
}

/** The columns of a student's work: which assignment, which student. */
const work = (t: Builder) =>
  t
    .addColumn('assignment_id', 'text', (c) => c.notNull())
    .addColumn('student_id', 'text', (c) => c.notNull());

export const assignmentsMigrations: Record<string, Migration> = {
  '0600_assignments_tables': {
    async up(db: Kysely<unknown>) {
      await create(db, TABLES.classes, (t) => {
        let c = t
          .addColumn('type', 'text', (col) => col.notNull())
          .addColumn('image', 'text')
          .addColumn('color', 'text')
          .addColumn('name', 'text', (col) => col.notNull())
          .addColumn('description', 'text')
          .addColumn('chat_id', 'text')
          .addColumn('teachers_count', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('students_count', 'integer', (col) => col.notNull().defaultTo(0));
        for (const column of ['teachers', 'students']) c = json(c, column, '[]');
        return json(c, 'settings', '{}');
      });
      await create(db, TABLES.assignments, (t) => {
        const c = t
          .addColumn('type', 'text', (col) => col.notNull())
          .addColumn('access_type', 'text', (col) => col.notNull())
          .addColumn('name', 'text', (col) => col.notNull())
          .addColumn('description', 'text')
          .addColumn('class_id', 'text')
          .addColumn('starting_at_type', 'text', (col) => col.notNull())
          .addColumn('starting_at', 'timestamptz', (col) => col.notNull())
          .addColumn('ending_at_type', 'text', (col) => col.notNull())
          .addColumn('ending_at', 'timestamptz', (col) => col.notNull())
          .addColumn('is_proctoring', 'boolean', (col) => col.notNull())
          .addColumn('is_suspended', 'boolean', (col) => col.notNull().defaultTo(false))
          .addColumn('is_finished', 'boolean', (col) => col.notNull().defaultTo(false))
          .addColumn('finished_at', 'timestamptz')
          // The most a student can score: the sum of the copied questions' points.
          .addColumn('points', 'double precision', (col) => col.notNull().defaultTo(0));
        // The whole stored assignment, and the people lists the visibility rules search.
        return json(json(json(c, 'record', '{}'), 'students', '[]'), 'reviewers', '[]');
      });
      await create(db, TABLES.attempts, (t) =>
        json(
          work(t)
            .addColumn('number', 'integer', (c) => c.notNull())
            .addColumn('status', 'text', (c) => c.notNull())
            .addColumn('started_at', 'timestamptz', (c) => c.notNull())
            .addColumn('ends_at', 'timestamptz')
            .addColumn('finished_at', 'timestamptz')
            .addColumn('finish_reason', 'text')
            .addColumn('variant', 'integer')
            .addColumn('points', 'double precision', (c) => c.notNull().defaultTo(0)),
          'state',
          '{}',
        ),
      );
      await create(db, TABLES.results, (t) => {
        const c = work(t)
          .addColumn('assignment_attempt_id', 'text', (col) => col.notNull())
          .addColumn('assessment_id', 'text')
          .addColumn('assessment_type', 'text')
          .addColumn('component_id', 'text', (col) => col.notNull())
          .addColumn('component_type', 'text', (col) => col.notNull())
          .addColumn('result', 'integer', (col) => col.notNull())
          .addColumn('points', 'double precision', (col) => col.notNull())
          .addColumn('report', 'jsonb');
        return json(c, 'answer', 'null');
      });
      await create(db, TABLES.scores, (t) =>
        work(t).addColumn('score', 'double precision', (c) => c.notNull()),
      );
      await create(db, TABLES.reviewerResults, (t) =>
        work(t)
          .addColumn('assignment_reviewer_id', 'text', (c) => c.notNull())
          .addColumn('assignment_result_id', 'text', (c) => c.notNull())
          .addColumn('assignment_attempt_id', 'text', (c) => c.notNull())
          .addColumn('component_id', 'text', (c) => c.notNull())
          .addColumn('component_type', 'text', (c) => c.notNull())
          .addColumn('result', 'integer', (c) => c.notNull())
          .addColumn('points', 'double precision', (c) => c.notNull()),
      );
      await create(db, TABLES.reviewerScores, (t) =>
        work(t)
          .addColumn('reviewer_id', 'text', (c) => c.notNull())
          .addColumn('score', 'double precision', (c) => c.notNull()),
      );
      await create(db, TABLES.comments, (t) =>
        work(t)
          .addColumn('assignment_result_id', 'text')
          .addColumn('user_id', 'text', (c) => c.notNull())
          .addColumn('component_id', 'text')
          .addColumn('component_type', 'text')
          .addColumn('message', 'text', (c) => c.notNull()),
      );
      // Visibility: the classes a student is in, the assignments a student takes or a teacher reviews.
      for (const [table, column] of [
        [TABLES.classes, 'students'],
        [TABLES.assignments, 'students'],
        [TABLES.assignments, 'reviewers'],
      ] as const) {
        await sql
          .raw(`CREATE INDEX ${table}_${column}_members ON ${table} USING gin (${column} jsonb_path_ops)`)
          .execute(db);
      }
      for (const table of [
        TABLES.attempts,
        TABLES.results,
        TABLES.scores,
        TABLES.reviewerResults,
        TABLES.reviewerScores,
        TABLES.comments,
      ]) {
        await db.schema
          .createIndex(`${table}_by_assignment`)
          .on(table)
          .columns(['assignment_id', 'student_id'])
          .execute();
      }
    },
  },
};
