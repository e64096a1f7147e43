import { spawnSync } from 'node:child_process';
import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** `npm start`'s tool step (scripts/start.mjs runs `bootstrap.mjs start`), with a PATH of our choosing. */
function bootstrap(searchPath: string) {
  const run = spawnSync(process.execPath, ['scripts/bootstrap.mjs', 'start', '--check'], {
    env: { PATH: searchPath },
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('the system tools check of npm start', () => {
  it('names ffmpeg and its package when PATH has no ffmpeg', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'no-ffmpeg-'));
    const { status, output } = bootstrap(empty);
    expect(status).toBe(1);
    expect(output).toContain('system tools missing: ffmpeg and ffprobe (recording transcoding)');
    expect(output).toContain('apt-get install -y ffmpeg');
  });

  it('finds ffmpeg and ffprobe wherever PATH puts them', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'with-ffmpeg-'));
    for (const tool of ['ffmpeg', 'ffprobe']) {
      await writeFile(path.join(dir, tool), '#!/bin/sh\nexit 0\n');
      await chmod(path.join(dir, tool), 0o755);
    }
    expect(bootstrap(dir)).toEqual({ status: 0, output: 'system tools: all present\n' });
  });
});
