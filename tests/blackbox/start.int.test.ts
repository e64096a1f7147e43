import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';

interface Started {
  url: string;
  lines: string[];
  /** Ctrl-C as a terminal sends it: SIGINT to the whole process group. */
  interrupt(): Promise<number | null>;
}

const children: number[] = [];

/** Runs the README's start command (`npm start` is `node scripts/start.mjs`) and waits for its ready line. */
function start(dataDir: string): Promise<Started> {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child.pid!);
  const lines: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  createInterface({ input: child.stderr! }).on('line', (line) => lines.push(line));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready within 60 s:\n${lines.join('\n')}`)), 60_000);
    void exited.then((code) => reject(new Error(`exited with ${code}:\n${lines.join('\n')}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      lines.push(line);
      const ready = /Sabaq is ready: (http:\/\/\S+)/.exec(line);
      if (!ready) return;
      clearTimeout(timer);
      resolve({
        url: ready[1]!,
        lines,
        interrupt: async () => {
          process.kill(-child.pid!, 'SIGINT');
          return exited;
        },
      });
    });
  });
}

describe('npm start', () => {
  afterAll(() => {
    for (const pid of children) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });

  it('starts every component, answers /health, stops cleanly on Ctrl-C and reuses its data', async () => {
    const dataDir = await mkdtemp(path.resolve('.tmp/start-'));
    const first = await start(dataDir);
    const health = (await (await fetch(`${first.url}/health`)).json()) as {
      status: string;
      components: { name: string; status: string }[];
    };
    expect(health.status).toBe('up');
    expect(health.components.map((c) => c.name).sort()).toEqual(
      ['analytics', 'analyzer', 'event_store', 'http', 'log', 'objects', 'read_models', 'transcoder'].sort(),
    );
    expect(health.components.every((c) => c.status === 'up')).toBe(true);
    expect(first.lines.some((l) => l.includes('PostgreSQL (embedded) on 127.0.0.1:'))).toBe(true);
    expect(first.lines.some((l) => l.includes('read-model migrations applied'))).toBe(true);

    const page = await fetch(`${first.url}/status`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const missing = await fetch(`${first.url}/api/no-such-collection/1`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      message: 'This page could not be found',
      errors: {},
      status_code: 404,
    });

    expect(await first.interrupt(), first.lines.join('\n')).toBe(0);
    expect(first.lines).toContain('stopped cleanly');

    const second = await start(dataDir);
    expect(second.lines.some((l) => l.includes('migrations applied'))).toBe(false);
    const again = (await (await fetch(`${second.url}/health`)).json()) as { status: string };
    expect(again.status).toBe('up');
    expect(await second.interrupt(), second.lines.join('\n')).toBe(0);
    // Two whole starts and stops: minutes on a loaded two-core machine.
  }, 240_000);
});
