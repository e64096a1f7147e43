import { chmod, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Health } from '@sabaq/events';
import { manifest, weightsPath } from '@sabaq/models/node';
import { afterEach, describe, expect, it } from 'vitest';
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

describe('the analyzer in /health, by the models it needs', () => {
  const before = process.env.MODELS_DIR;
  afterEach(() => {
    if (before === undefined) delete process.env.MODELS_DIR;
    else process.env.MODELS_DIR = before;
  });

  /** A fake ffmpeg on PATH and a models folder holding every model of the manifest but `absent`. */
  async function machineWithout(absent: readonly string[]): Promise<NodeJS.ProcessEnv> {
    const bin = await mkdtemp(path.join(tmpdir(), 'ffmpeg-'));
    for (const tool of ['ffmpeg', 'ffprobe']) {
      await writeFile(path.join(bin, tool), '#!/bin/sh\nexit 0\n');
      await chmod(path.join(bin, tool), 0o755);
    }
    process.env.MODELS_DIR = await mkdtemp(path.join(tmpdir(), 'models-'));
    for (const model of manifest().filter((m) => !absent.includes(m.id))) {
      const main = weightsPath(model.id);
      await mkdir(path.dirname(main), { recursive: true });
      for (const file of [
        main,
        ...(model.shards ?? []).map((s) => path.join(path.dirname(main), path.basename(s.path))),
      ])
        await writeFile(file, '');
    }
    return { PATH: bin, TRANSCODER: 'off' };
  }
  const analyzerOf = (report: Health) => report.components.find((c) => c.name === 'analyzer')!;

  it('is down when a required model is missing, naming it', async () => {
    const report = await healthWith(await machineWithout(['head-pose', 'eyes-iris']));
    expect(analyzerOf(report)).toMatchObject({ status: 'down' });
    expect(analyzerOf(report).detail).toMatch(/^required models missing: head-pose \(node models/);
    expect(analyzerOf(report).detail).toContain('AI re-analysis is off');
    expect(report.status).toBe('down');
  });

  it('is up without optional models, listing them, as the analyzer runs without their detectors', async () => {
    const report = await healthWith(await machineWithout(['eyes-iris', 'objects-centernet']));
    expect(analyzerOf(report)).toMatchObject({ status: 'up' });
    expect(analyzerOf(report).detail).toMatch(
      /^5 of 7 models present; optional models missing: objects-centernet, eyes-iris: their detectors are reported as not run/,
    );
    expect(report.status).toBe('up');
  });

  it('does not count models the analyzer does not use', async () => {
    const report = await healthWith(await machineWithout(['face-detect-blazeface']));
    expect(analyzerOf(report)).toMatchObject({ status: 'up' });
    expect(analyzerOf(report).detail).toMatch(/^7 of 7 models present; ffmpeg /);
  });
});
