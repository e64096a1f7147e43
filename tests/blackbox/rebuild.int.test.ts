import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmbeddedPlatform } from '../../services/src/roles/embedded';
import { actionEvents, attemptStream } from '../support/events';
import { eventually } from '../support/platform-fixture';

/** Runs `npm run rebuild -- <args>` (node scripts/rebuild.mjs) on a data directory. */
function rebuild(dataDir: string, ...args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['scripts/rebuild.mjs', ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

type Platform = Awaited<ReturnType<typeof startEmbeddedPlatform>>;
const rows = (platform: Platform) =>
  platform.db.selectFrom('proctoring_actions').selectAll().orderBy('global_position').execute();

describe('npm run rebuild', () => {
  it('rebuilds a read model beside a running platform, and on its own when the platform is stopped', async () => {
    const dataDir = await mkdtemp(path.resolve('.tmp/rebuild-'));
    let platform = await startEmbeddedPlatform({ dataDir });
    const stream = attemptStream();
    await platform.store.append(stream, actionEvents(stream, 12));
    await platform.runner!.caughtUp();
    const before = await rows(platform);
    expect(before).toHaveLength(12);

    // Beside the running platform: the command resets, the platform's runner replays.
    await platform.db.updateTable('proctoring_actions').set({ action_type: 'tampered' }).execute();
    const running = await rebuild(dataDir, 'proctoring.actions');
    expect(running.code).toBe(0);
    expect(running.output).toContain('rebuilt');
    await platform.runner!.caughtUp();
    expect(
      await eventually(
        () => rows(platform),
        (r) => r.length === 12,
      ),
    ).toEqual(before);
    await platform.stop();

    // With the platform stopped: the command starts the database and rebuilds by itself.
    const offline = await rebuild(dataDir, 'all');
    expect(offline.code).toBe(0);
    expect(offline.output).toMatch(/proctoring\.actions (\d+)\/\1\b/);
    expect(offline.output).toContain('rebuilt');
    platform = await startEmbeddedPlatform({ dataDir });
    try {
      expect(await rows(platform)).toEqual(before);
    } finally {
      await platform.stop();
    }

    const unknown = await rebuild(dataDir, 'no.such.projection');
    expect(unknown.code).toBe(2);
    expect(unknown.output).toMatch(/projections: .*proctoring\.actions/);
  }, 180_000);
});
