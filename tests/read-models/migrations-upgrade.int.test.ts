import { sql, type Kysely, type Migration } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadModelDb, type ReadModelDb } from '../../services/src/platform/read-models/database';
import { migrateReadModels } from '../../services/src/platform/read-models/migrations';
import { createTestDatabase } from '../support/databases';

const table = (name: string): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.createTable(name).addColumn('id', 'text').execute();
  },
});

/**
 * An installation upgraded to a version whose context added a migration numbered before another
 * context's older one (each context numbers in its own range) must start, and run the new one.
 */
describe('read-model migrations on an upgrade', () => {
  let db: ReadModelDb;
  beforeAll(async () => {
    db = createReadModelDb(await createTestDatabase('migrations_upgrade'));
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('runs a new migration that sorts before ones already run', async () => {
    expect(
      await migrateReadModels(db, { '0500_a_first': table('upgrade_a'), '1790_b_later': table('upgrade_b') }),
    ).toEqual([
      '0001_platform_projection_checkpoints',
      '0002_platform_projection_parked',
      '0500_a_first',
      '1790_b_later',
    ]);
    const ran = await migrateReadModels(db, {
      '0500_a_first': table('upgrade_a'),
      '0501_a_second': table('upgrade_a2'),
      '1790_b_later': table('upgrade_b'),
    });
    expect(ran).toEqual(['0501_a_second']);
    const found = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'upgrade_a2'`.execute(db);
    expect(found.rows[0]!.n).toBe(1);
  });
});
