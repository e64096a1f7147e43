import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Figure } from './record';

const root = path.resolve(import.meta.dirname, '../..');

/** Runs the bench as `npm run bench` does, printing its figures (stdout) instead of recording them. */
function runBench(args: string[]): Promise<{ code: number | null; figures: Figure[]; stderr: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench/proctoring.bench.ts', '--distributed', '--no-record', ...args],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-20_000)));
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      const figures = stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Figure);
      resolve({ code, figures, stderr });
    });
  });
}

/** Processes still running whose command line or environment names `dataDir` (Linux's /proc). */
function processesUsing(dataDir: string): string[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        const environ = readFileSync(`/proc/${pid}/environ`, 'utf8');
        return cmdline.includes(dataDir) || environ.includes(dataDir) ? [cmdline.replaceAll('\0', ' ')] : [];
      } catch {
        return []; // gone meanwhile, or another user's
      }
    });
}

/**
 * The distributed proctoring bench end to end at a small load: four role processes over the mock Kafka
 * cluster, PostgreSQL and chdb. Breaks when a role no longer starts standalone, when actions stop
 * travelling api → Kafka → persister → store → projector / relay, or when pushes stop reaching the
 * api's sockets. Asserts what happened (every action accepted, rows, pushes and relayed events all
 * seen), never how fast.
 */
describe('npm run bench -- proctoring --distributed', () => {
  it(
    'carries every action of a small class through the separate role processes',
    { timeout: 600_000 },
    async () => {
      const { code, figures, stderr } = await runBench([
        '--students',
        '20',
        '--seconds',
        '5',
        '--warmup-seconds',
        '1',
        '--baseline-seconds',
        '1',
      ]);
      expect(code, stderr).toBe(0);
      const byMetric = new Map(figures.map((f) => [f.metric, f]));
      const accepted = byMetric.get('accepted_actions');
      // 20 students at one action a second for 5 s: about 100 sent, each one accepted.
      expect(accepted?.baseline).toBeGreaterThan(50);
      expect(accepted?.value).toBe(accepted?.baseline);
      expect(byMetric.get('errors')?.value).toBe(0);
      // Each of these is printed only when measured: sampled rows reached the read model, pushes the
      // proctor's socket on the api process, events the relay's topic.
      for (const metric of ['timeline_lag_p99_ms', 'fanout_p99_ms', 'relay_lag_p99_ms']) {
        expect(byMetric.get(metric)?.value, metric).toBeGreaterThanOrEqual(0);
      }
      // The raw append baseline of the same run was measured against the shared store.
      expect(byMetric.get('accepted_actions_per_s')?.baseline).toBeGreaterThan(0);
      for (const role of ['api', 'persister', 'projector', 'relay']) {
        expect(byMetric.get(`${role}_cpu_ms_per_action`)?.value, role).toBeGreaterThan(0);
      }
      expect(stderr).toContain('event store: postgres');
      // Stopped cleanly: no role, PostgreSQL or anything else of the run outlives it.
      const dataDir = /data in (\S+)/.exec(stderr)?.[1];
      expect(dataDir).toBeDefined();
      expect(processesUsing(dataDir!)).toEqual([]);
    },
  );
});
