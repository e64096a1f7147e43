import type { TaskFile, TaskKind, TaskParams } from '@sabaq/events';
import type { ColumnType, Generated, Kysely, Migration } from 'kysely';

export const TASKS_PROJECTION = 'tasks.tasks';
export const TASKS_TABLE = 'tasks_tasks';

/** jsonb: written as JSON text, read back parsed. */
type Json<T> = ColumnType<T, string, string>;

/**
 * The columns of 0760_tasks_tasks below, plus the published read models tasks read (only the columns
 * read, each under its owner's table name).
 */
export interface TasksTables {
  tasks_tasks: {
    id: string;
    school_id: string | null;
    owner_id: string;
    version: number;
    deleted: Generated<boolean>;
    created_at: Date;
    updated_at: Date;
    /** Written from the TaskCreated event, whose kind is one of the task kinds. */
    kind: TaskKind;
    name: string;
    description: string | null;
    /** new, process, suspended, completed or failure. */
    status: string;
    processed: Generated<number>;
    total: Generated<number>;
    appendix: string | null;
    params: Json<TaskParams>;
    file: ColumnType<TaskFile | null, string | null, string | null>;
    error: string | null;
  };
  /** Identity's directory (identity/directory/table.ts): the names an export prints. */
  users: { id: string; firstname: string; lastname: string; patronymic: string | null };
  /** Assignments' assignments (assignments/read-model/tables.ts): the grouped assignments a check compares. */
  assignments_assignments: {
    id: string;
    school_id: string | null;
    deleted: boolean;
    class_id: string | null;
  };
}

/**
 * Tasks with the record API's common columns (owner_id is the task's owner); jsonb written as text.
 * Numbered after media's 0750, which was committed first: Kysely refuses a migration sorted before
 * one a database already ran.
 */
export const tasksMigrations: Record<string, Migration> = {
  '0760_tasks_tasks': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable(TASKS_TABLE)
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text')
        .addColumn('owner_id', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('appendix', 'text')
        .addColumn('params', 'jsonb', (c) => c.notNull())
        .addColumn('file', 'jsonb')
        .addColumn('error', 'text')
        .execute();
      await db.schema
        .createIndex(`${TASKS_TABLE}_by_owner`)
        .on(TASKS_TABLE)
        .columns(['owner_id', 'created_at'])
        .execute();
      // The workers look for waiting tasks.
      await db.schema.createIndex(`${TASKS_TABLE}_by_status`).on(TASKS_TABLE).columns(['status']).execute();
    },
  },
};
