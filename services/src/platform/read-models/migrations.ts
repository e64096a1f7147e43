import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

/**
 * Versioned read-model migrations. Each context contributes named migrations; names sort globally
 * (prefix them `NNNN_<context>_<what>`), and Kysely records which ran in kysely_migration, under a
 * lock, so concurrent starts are safe. Each context numbers in its own range, so a context's new
 * migration often sorts before another context's older one: an installation that already ran the
 * later names runs the new one anyway (unordered migrations allowed), in name order among the new.
 */
export class ListMigrationProvider implements MigrationProvider {
  constructor(private readonly migrations: Record<string, Migration>) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return this.migrations;
  }
}

export const platformMigrations: Record<string, Migration> = {
  '0001_platform_projection_checkpoints': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('projection_checkpoints')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('position', 'bigint', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
  '0002_platform_projection_parked': {
    async up(db: Kysely<unknown>) {
      // Events a projection failed on repeatedly and stepped over (projections/parked-events.ts).
      await db.schema
        .createTable('projection_parked')
        .addColumn('projection', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('position', 'bigint', (c) => c.notNull())
        .addColumn('event_type', 'text', (c) => c.notNull())
        .addColumn('error', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('parked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('replay_requested_at', 'timestamptz')
        .addPrimaryKeyConstraint('projection_parked_pk', ['projection', 'event_id'])
        .execute();
    },
  },
};

export async function migrateReadModels(
  // Any database type: migrations work on the untyped schema.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  migrations: Record<string, Migration> = {},
): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: new ListMigrationProvider({ ...platformMigrations, ...migrations }),
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
