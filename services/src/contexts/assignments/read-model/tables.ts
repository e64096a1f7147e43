import { sql, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';

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
