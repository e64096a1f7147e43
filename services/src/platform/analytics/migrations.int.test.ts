import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ANALYTICS_MIGRATIONS_DIR, loadMigrations, loadMigrationsOf } from './migrations';

describe('loading analytics migrations', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'analytics-migrations-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("reads the platform's own folder, in order", async () => {
    const migrations = await loadMigrations(ANALYTICS_MIGRATIONS_DIR);
    expect(migrations[0]?.name).toBe('0001_events');
    expect(migrations[0]?.statements).toHaveLength(1);
    expect(migrations[0]?.checksum).toMatch(/^[0-9a-f]{64}$/);
  });

  it('sorts by number and ignores files that are not SQL', async () => {
    await writeFile(path.join(dir, '0002_second.sql'), 'SELECT 2');
    await writeFile(path.join(dir, '0001_first.sql'), 'SELECT 1');
    await writeFile(path.join(dir, 'README.md'), '# notes');
    expect((await loadMigrations(dir)).map((m) => m.name)).toEqual(['0001_first', '0002_second']);
  });

  it('refuses a badly named file instead of skipping it', async () => {
    await writeFile(path.join(dir, '1_events.sql'), 'SELECT 1');
    await expect(loadMigrations(dir)).rejects.toThrow('1_events.sql is not named NNNN_lowercase_name.sql');
  });

  it('refuses two files with one number', async () => {
    await writeFile(path.join(dir, '0003_a.sql'), 'SELECT 1');
    await writeFile(path.join(dir, '0003_b.sql'), 'SELECT 2');
    await expect(loadMigrations(dir)).rejects.toThrow('numbered 0003');
  });

  it("orders the platform's and the contexts' folders as one, and refuses a number two folders use", async () => {
    const context = await mkdtemp(path.join(os.tmpdir(), 'analytics-migrations-context-'));
    try {
      await writeFile(path.join(dir, '0001_events.sql'), 'SELECT 1');
      await writeFile(path.join(dir, '0003_later.sql'), 'SELECT 3');
      await writeFile(path.join(context, '0002_view_over_events.sql'), 'SELECT 2');
      expect((await loadMigrationsOf([dir, context])).map((m) => m.name)).toEqual([
        '0001_events',
        '0002_view_over_events',
        '0003_later',
      ]);
      await writeFile(path.join(context, '0003_clash.sql'), 'SELECT 4');
      await expect(loadMigrationsOf([dir, context])).rejects.toThrow('numbered 0003');
    } finally {
      await rm(context, { recursive: true, force: true });
    }
  });
});
