import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import path from 'node:path';
import { deviceReport } from '@sabaq/events';
import { describe, expect, it } from 'vitest';

const BIN = path.resolve(import.meta.dirname, '../bin/sabaq-agent.mjs');

/**
 * The development entry point (`npx sabaq-agent`, the package's bin) with `--self-check`: the agent
 * prints the whole of what it sees as a report under the default rules, and sends nothing (no
 * `--platform` is given, so there is nowhere to send).
 */
describe('sabaq-agent --self-check', () => {
  it("prints this computer's full report from the package's bin", () => {
    const run = spawnSync(process.execPath, [BIN, '--self-check'], {
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, SSH_CONNECTION: '' },
    });
    expect(run.status, run.stderr).toBe(0);
    const report = deviceReport.parse(JSON.parse(run.stdout));
    expect(report.os.hostname).toBe(hostname());
    expect(report.full).toBe(true);
    // A full report carries the process list, this run's own node among it.
    expect(report.processes.some((p) => p.pid === run.pid)).toBe(true);
  });

  it('without --platform and --self-check says how to run it', () => {
    const run = spawnSync(process.execPath, [BIN], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('Usage: sabaq-agent --platform <origin>');
  });
});
