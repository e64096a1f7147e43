import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnalyticsStore } from '../ports/analytics';
import { splitStatements } from './split-statements';

/** The platform's own ClickHouse migrations, shipped beside this file. */
export const ANALYTICS_MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

const FILE_NAME = /^(\d{4})_[a-z0-9_]+\.sql$/;

export interface AnalyticsMigration {
  /** The file name without `.sql`, e.g. `0001_events`: what schema_migrations records. */
  name: string;
  statements: string[];
  checksum: string;
}

/**
 * Reads `NNNN_name.sql` files in order. Anything else ending in `.sql` is refused rather than skipped,
 * and so are two files with one number: both are what a bad merge or a typo leaves behind.
 */
export async function loadMigrations(dir: string): Promise<AnalyticsMigration[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const numbers = new Set<string>();
  const migrations: AnalyticsMigration[] = [];
  for (const file of files) {
    const match = FILE_NAME.exec(file);
    if (!match) throw new Error(`Migration file ${file} is not named NNNN_lowercase_name.sql`);
    if (numbers.has(match[1]!)) throw new Error(`Two analytics migrations are numbered ${match[1]}`);
    numbers.add(match[1]!);
    const sql = await readFile(path.join(dir, file), 'utf8');
    migrations.push({
      name: file.slice(0, -'.sql'.length),
      statements: splitStatements(sql),
      checksum: createHash('sha256').update(sql).digest('hex'),
    });
  }
  return migrations;
}

/**
 * The migrations of several folders (the platform's and each context's) in one order. Numbers are
 * shared by all folders, so that a context's view over the platform's `events` table comes after it,
 * and a number used twice is refused like within one folder.
 */
export async function loadMigrationsOf(dirs: readonly string[]): Promise<AnalyticsMigration[]> {
  const all = (await Promise.all(dirs.map((dir) => loadMigrations(dir)))).flat();
  all.sort((a, b) => a.name.localeCompare(b.name));
  for (let i = 1; i < all.length; i += 1) {
    if (all[i]!.name.slice(0, 4) === all[i - 1]!.name.slice(0, 4)) {
      throw new Error(`Two analytics migrations are numbered ${all[i]!.name.slice(0, 4)}`);
    }
  }
  return all;
}

/**
 * Applies, in order, each migration not yet recorded in schema_migrations, and returns the names it
 * applied. ClickHouse has neither transactions nor locks: a file that fails half-way, or two roles
 * starting at once, run some statements twice, so every statement must be idempotent (IF NOT EXISTS,
 * IF EXISTS). Editing a migration that already ran is refused: write a new one instead.
 */
export async function migrateAnalytics(
  store: AnalyticsStore,
  dirs: string | readonly string[] = ANALYTICS_MIGRATIONS_DIR,
): Promise<string[]> {
  const migrations = await loadMigrationsOf(typeof dirs === 'string' ? [dirs] : dirs);
  await store.command(`
    CREATE TABLE IF NOT EXISTS schema_migrations (
      name String,
      checksum String,
      applied_at DateTime64(3, 'UTC')
    )
    ENGINE = ReplacingMergeTree(applied_at)
    ORDER BY name`);
  const rows = await store.query<{ name: string; checksum: string }>(
    'SELECT name, checksum FROM schema_migrations FINAL',
  );
  const applied = new Map(rows.map((r) => [r.name, r.checksum]));
  const done: string[] = [];
  for (const migration of migrations) {
    const checksum = applied.get(migration.name);
    if (checksum !== undefined) {
      if (checksum !== migration.checksum) {
        throw new Error(`Analytics migration ${migration.name} was edited after it was applied`);
      }
      continue;
    }
    for (const statement of migration.statements) await store.command(statement);
    await store.insert('schema_migrations', [
      { name: migration.name, checksum: migration.checksum, applied_at: new Date() },
    ]);
    done.push(migration.name);
  }
  return done;
}
