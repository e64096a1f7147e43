import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { proctoringActionsProjection } from '../../services/src/contexts/proctoring/actions/projection';
import { resetProjection } from '../../services/src/platform/projections/projection-runner';
import { startEmbeddedPlatform } from '../../services/src/roles/embedded';

/**
 * kill -9 while appending and projecting, then restart on the same data: every acknowledged event is
 * stored exactly once, and every read model equals a rebuild from zero.
 */
describe('crash safety of the embedded platform', () => {
  const acknowledged = new Set<string>();
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  });

  async function runAndKill(dataDir: string, killWholeGroup: boolean, acksBeforeKill: number): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'writer.ts'), dataDir], {
      detached: true,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    let acks = 0;
    await new Promise<void>((resolve, reject) => {
      child.on('exit', (code) => reject(new Error(`writer exited early with ${code}`)));
      createInterface({ input: child.stdout! }).on('line', (line) => {
        if (!line.startsWith('ack ')) return;
        for (const id of line.slice(4).split(' ')) acknowledged.add(id);
        if (++acks === acksBeforeKill) {
          // The whole group takes PostgreSQL down with it; the node process alone leaves it orphaned.
          process.kill(killWholeGroup ? -child.pid! : child.pid!, 'SIGKILL');
          resolve();
        }
      });
    });
    await exited;
  }

  it('keeps every acknowledged event exactly once and read models equal to a rebuild', async () => {
    const dataDir = await mkdtemp(path.resolve('.tmp/crash-'));
    await runAndKill(dataDir, true, 300);
    await runAndKill(dataDir, false, 300);

    const platform = await startEmbeddedPlatform({ dataDir });
    try {
      await platform.runner!.caughtUp();
      const all = await platform.store.readAll({ maxCount: 1_000_000 });
      const ids = all.map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);
      const stored = new Set(ids);
      const missing = [...acknowledged].filter((id) => !stored.has(id));
      expect(missing).toEqual([]);
      expect(acknowledged.size).toBeGreaterThan(600);

      const projected = await snapshot(platform.db);
      expect(projected.length).toBe(all.filter((e) => e.type === 'ProctoringActionRecorded').length);
      await resetProjection(platform.db, proctoringActionsProjection);
      await platform.runner!.caughtUp();
      const rebuilt = await snapshot(platform.db);
      expect(rebuilt).toEqual(projected);
    } finally {
      await platform.stop();
    }
    // Three starts of the whole platform (every context's migrations and projections) on two busy cores.
  }, 180_000);
});

async function snapshot(db: Awaited<ReturnType<typeof startEmbeddedPlatform>>['db']): Promise<unknown[]> {
  return db.selectFrom('proctoring_actions').selectAll().orderBy('global_position').execute();
}
