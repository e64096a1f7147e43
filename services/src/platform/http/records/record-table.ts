import { sql, type Generated, type Kysely, type Migration } from 'kysely';
import type { ColumnType } from './collection';

/**
 * The common columns `recordTableMigration` creates, for a context's table interface of a record table;
 * the collection's own columns follow, each nullable (`text` a string, `integer` a number, `boolean`).
 */
export interface RecordTableColumns {
  id: string;
  school_id: string | null;
  owner_id: string | null;
  version: number;
  deleted: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A record table: the common columns the framework relies on, then the collection's own. */
export function recordTableMigration(table: string, columns: Record<string, ColumnType>): Migration {
  return {
    async up(db: Kysely<unknown>) {
      let create = db.schema
        .createTable(table)
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text')
        .addColumn('owner_id', 'text')
        // The stream position last applied: replays and re-deliveries of older events change nothing.
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`));
      for (const [name, type] of Object.entries(columns)) create = create.addColumn(name, type);
      await create.execute();
      await db.schema.createIndex(`${table}_by_school`).on(table).columns(['school_id', 'id']).execute();
    },
  };
}
