import type { AntiplagiarismSource, TaskFile } from '@sabaq/events';
import { sql, type ColumnType, type Kysely, type Migration } from 'kysely';
import type { RecordTableColumns } from '../../../platform/http/records/record-table';

export const REPORTS_PROJECTION = 'antiplagiarism.reports';
export const TABLES = {
  checks: 'antiplagiarism_checks',
  answers: 'antiplagiarism_answers',
  sources: 'antiplagiarism_sources',
} as const;

const jsonb = (fallback: string) => sql.raw(`'${fallback}'::jsonb`);

/** jsonb: written as JSON text (or left to its default), read back parsed. */
type Json<T> = ColumnType<T, string | undefined, string>;

/** A checked answer's or a source's columns (both tables below). */
interface AnswerColumns {
  check_id: string;
  answer_key: string;
  event_id: string;
  assignment_id: string;
  student_id: string;
  component_id: string;
  text: string;
  answered_at: Date;
}

/**
 * The tables `reportsMigration` below creates and the groups' record table, plus the published read
 * models the report and the groups read (only the columns read, under their owners' table names).
 */
export interface AntiplagiarismTables {
  antiplagiarism_checks: {
    check_id: string;
    event_id: string;
    school_id: string;
    assignment_id: string;
    owner_id: string;
    mode: string;
    questions: Json<{ component_id: string; title: string }[]>;
    /** Assignment ids. */
    compared_assignments: Json<string[]>;
    answers: number;
    sources: number;
    checked_at: Date;
  };
  antiplagiarism_answers: AnswerColumns & {
    kind: string;
    words: number;
    verdict: string;
    originality: number | null;
    /** Strongest first. */
    sources: Json<AntiplagiarismSource[]>;
  };
  antiplagiarism_sources: AnswerColumns;
  /** Identity's directory (identity/directory/table.ts): the names the report prints. */
  users: { id: string; firstname: string; lastname: string; patronymic: string | null };
  /** Assignments' assignments (assignments/read-model/tables.ts): the names of compared assignments. */
  assignments_assignments: { id: string; name: string };
  /** The anti-plagiarism groups' record table (groups/collection.ts); class_ids is a JSON text list. */
  antiplagiarism_antiplagiarism_groups: RecordTableColumns & {
    name: string | null;
    description: string | null;
    class_ids: string | null;
  };
  /** Assignments' classes (assignments/read-model/tables.ts): a group's classes must be live ones. */
  assignments_classes: { id: string; school_id: string | null; deleted: boolean };
  /** Tasks' tasks (tasks/read-model/tables.ts): a check is a task; the report shows it and its state. */
  tasks_tasks: {
    id: string;
    school_id: string | null;
    owner_id: string;
    deleted: boolean;
    created_at: Date;
    updated_at: Date;
    kind: string;
    name: string;
    description: string | null;
    status: string;
    processed: number;
    total: number;
    appendix: string | null;
    /** The task's parameters, whose shape depends on its kind (a check's names its assignment). */
    params: Record<string, unknown>;
    file: TaskFile | null;
    error: string | null;
  };
}

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
