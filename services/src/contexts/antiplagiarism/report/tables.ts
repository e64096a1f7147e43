import { sql, type Kysely, type Migration } from 'kysely';

export const REPORTS_PROJECTION = 'antiplagiarism.reports';
export const TABLES = {
  checks: 'antiplagiarism_checks',
  answers: 'antiplagiarism_answers',
  sources: 'antiplagiarism_sources',
} as const;

const jsonb = (fallback: string) => sql.raw(`'${fallback}'::jsonb`);

/**
 * A check's results, written once (they never change): each row carries the id of the event it came
 * from, and a replayed event finds its row and writes nothing.
 */
export const reportsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable(TABLES.checks)
      .addColumn('check_id', 'text', (c) => c.primaryKey())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('school_id', 'text', (c) => c.notNull())
      .addColumn('assignment_id', 'text', (c) => c.notNull())
      .addColumn('owner_id', 'text', (c) => c.notNull())
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('questions', 'jsonb', (c) => c.notNull().defaultTo(jsonb('[]')))
      .addColumn('compared_assignments', 'jsonb', (c) => c.notNull().defaultTo(jsonb('[]')))
      .addColumn('answers', 'integer', (c) => c.notNull())
      .addColumn('sources', 'integer', (c) => c.notNull())
      .addColumn('checked_at', 'timestamptz', (c) => c.notNull())
      .execute();
    for (const table of [TABLES.answers, TABLES.sources]) {
      let builder = db.schema
        .createTable(table)
        .addColumn('check_id', 'text', (c) => c.notNull())
        .addColumn('answer_key', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('assignment_id', 'text', (c) => c.notNull())
        .addColumn('student_id', 'text', (c) => c.notNull())
        .addColumn('component_id', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('answered_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint(`${table}_pk`, ['check_id', 'answer_key']);
      if (table === TABLES.answers) {
        builder = builder
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('words', 'integer', (c) => c.notNull())
          .addColumn('verdict', 'text', (c) => c.notNull())
          .addColumn('originality', 'double precision')
          .addColumn('sources', 'jsonb', (c) => c.notNull().defaultTo(jsonb('[]')));
      }
      await builder.execute();
    }
  },
};
