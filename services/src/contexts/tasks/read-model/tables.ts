import type { Kysely, Migration } from 'kysely';

export const TASKS_PROJECTION = 'tasks.tasks';
export const TASKS_TABLE = 'tasks_tasks';

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
