import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Health } from '@sabaq/events';
import { describe, expect, it } from 'vitest';
import { HealthChecks } from './health';
import { buildServer } from './server';
import { findOnPath, registerWorkerTools, transcoderReadiness } from './worker-tools';

async function healthWith(env: NodeJS.ProcessEnv): Promise<Health> {
  const health = new HealthChecks('embedded', 'test');
  registerWorkerTools(health, env);
  const app = await buildServer({ health, logLevel: 'silent', plugins: [] });
  try {
    return (await app.inject({ method: 'GET', url: '/health' })).json<Health>();
  } finally {
    await app.close();
  }
}

describe('the workers’ tools in /health', () => {
  it('shows the transcoder and the analyzer down, naming ffmpeg, when PATH has none', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'no-ffmpeg-'));
    expect(findOnPath('ffmpeg', empty)).toBeNull();
    expect(transcoderReadiness({ PATH: empty })).toEqual({
      ready: false,
      detail: expect.stringMatching(
        /^ffmpeg and ffprobe not found on PATH: install the Debian package ffmpeg/,
      ),
    });
    const report = await healthWith({ PATH: empty });
    const byName = Object.fromEntries(report.components.map((c) => [c.name, c]));
    expect(byName.transcoder).toMatchObject({ kind: 'ffmpeg', status: 'down' });
    expect(byName.transcoder!.detail).toContain('ffmpeg and ffprobe not found on PATH');
    expect(byName.analyzer).toMatchObject({ status: 'down' });
    expect(byName.analyzer!.detail).toContain('ffmpeg and ffprobe not found on PATH');
    expect(report.status).not.toBe('up');
  });

  it('shows them up with where ffmpeg is, and leaves out the workers this process does not run', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'with-ffmpeg-'));
    for (const tool of ['ffmpeg', 'ffprobe']) {
      await writeFile(path.join(dir, tool), '#!/bin/sh\nexit 0\n');
      await chmod(path.join(dir, tool), 0o755);
    }
    const report = await healthWith({ PATH: dir, ANALYZER: 'off' });
    expect(report.components.map((c) => c.name)).toEqual(['transcoder']);
    expect(report.components[0]).toMatchObject({
      status: 'up',
      detail: `ffmpeg ${path.join(dir, 'ffmpeg')}, ffprobe ${path.join(dir, 'ffprobe')}`,
    });
    expect((await healthWith({ PATH: dir, ANALYZER: 'off', TRANSCODER: 'off' })).components).toEqual([]);
  });
});
