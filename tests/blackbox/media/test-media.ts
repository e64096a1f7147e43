import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} failed: ${err.slice(-500)}`)),
    );
  });
}

export interface Chunk {
  name: string;
  data: Buffer;
}

/**
 * A test recording made at test time (nothing committed): ffmpeg's test pattern and a sine tone as
 * WebM (VP8 and Opus, as browsers record), 320x240, cut into standalone chunks of `chunk` seconds with
 * a keyframe at every cut.
 */
export async function recordTestVideo(seconds: number, chunk = 5): Promise<{ chunks: Chunk[]; dir: string }> {
  const dir = await mkdtemp(path.resolve('.tmp/media-source-'));
  const fps = 15;
  await run('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=320x240:rate=${fps}`,
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000',
    '-t',
    String(seconds),
    '-c:v',
    'libvpx',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-b:v',
    '150k',
    '-g',
    String(fps * chunk),
    '-c:a',
    'libopus',
    '-b:a',
    '32k',
    '-f',
    'segment',
    '-segment_time',
    String(chunk),
    '-reset_timestamps',
    '1',
    path.join(dir, 'chunk_%03d.webm'),
  ]);
  const names = (await readdir(dir)).filter((n) => n.endsWith('.webm')).sort();
  const chunks = await Promise.all(
    names.map(async (name) => ({ name, data: await readFile(path.join(dir, name)) })),
  );
  return { chunks, dir };
}

/** The duration ffprobe reads from a file or URL (an HLS playlist through the API included). */
export async function probeDuration(input: string): Promise<number> {
  const out = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'csv=p=0',
    input,
  ]);
  return Number(out.trim());
}

/** The manifest.json the browser sends last (specification 001 §3). */
export function manifestOf(chunks: { name: string }[], seconds: number, chunk = 5): Buffer {
  const segments = chunks.map((c, i) => ({
    filename: c.name,
    duration: Math.min(chunk, seconds - i * chunk),
  }));
  return Buffer.from(JSON.stringify({ type: 'video/webm', duration: seconds, segments }));
}

/** A still picture of ffmpeg's test pattern, as PNG bytes. */
export async function makeImage(): Promise<Buffer> {
  const dir = await mkdtemp(path.resolve('.tmp/media-image-'));
  const file = path.join(dir, 'pattern.png');
  await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x120', '-frames:v', '1', file]);
  const data = await readFile(file);
  await rm(dir, { recursive: true, force: true });
  return data;
}
