/**
 * `npm run bench -- transcode`: recordings converted to HLS, as multiples of real time, next to a plain
 * ffmpeg run with the same settings in the same run.
 * - `hls_x_realtime`: the transcoder's ffmpeg step (fluent-ffmpeg, the renditions the ladder picks);
 * - `conversion_x_realtime`: the whole conversion on the embedded platform, from the playlist's upload
 *   to the session's state `converted` (chunks read back from object storage, probed, joined, HLS,
 *   thumbnail, every file stored, the events projected).
 * Target: within 1.5× of plain ffmpeg (ratio ≥ 0.67) for both.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { media } from '../../services/src/contexts/media/transcoder/ffmpeg';
import { renditionsFor } from '../../services/src/contexts/media/transcoder/ladder';
import { startEmbeddedPlatform } from '../../services/src/roles/embedded';
import { hostInfo } from './host';
import { record, type Figure } from './record';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);

async function signIn(base: string, username: string): Promise<string> {
  const response = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: '2', username, password: 'Demo12345' }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

function plainFfmpeg(input: string, out: string): number {
  const renditions = renditionsFor({ width: 640, height: 480 });
  const split = renditions.map((_, i) => `[v${i}]`).join('');
  const filters = [
    `[0:v]split=${renditions.length}${split}`,
    ...renditions.map((r, i) => `[v${i}]scale=-2:${r.height}[out${i}]`),
  ].join(';');
  const start = performance.now();
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-i', input, '-filter_complex', filters],
    ...renditions.flatMap((_, i) => ['-map', `[out${i}]`, '-map', '0:a:0']),
    ...[
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-pix_fmt',
      'yuv420p',
      '-force_key_frames',
      'expr:gte(t,n_forced*4)',
    ],
    ...renditions.flatMap((r, i) => [`-b:v:${i}`, `${Math.round(r.bandwidth / 1000)}k`]),
    ...['-c:a', 'aac', '-b:a', '64k', '-ac', '2', '-threads', '2', '-f', 'hls', '-hls_time', '4'],
    ...['-hls_playlist_type', 'vod', '-hls_segment_filename', `${out}/%v/segment_%04d.ts`],
    ...[
      '-master_pl_name',
      'master.m3u8',
      '-var_stream_map',
      renditions.map((_, i) => `v:${i},a:${i}`).join(' '),
    ],
    `${out}/%v/index.m3u8`,
  ]);
  return (performance.now() - start) / 1000;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sabaq-bench-transcode-'));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sabaq-bench-transcode-data-'));
  try {
    // A browser-like recording: 640×480 VP8 and Opus, cut into standalone 5-second chunks.
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=640x480:rate=25', '-f', 'lavfi'],
      ...['-i', 'sine=frequency=440:sample_rate=48000', '-t', String(SECONDS), '-c:v', 'libvpx'],
      ...['-deadline', 'realtime', '-cpu-used', '8', '-b:v', '800k', '-g', '125', '-c:a', 'libopus'],
      ...['-f', 'segment', '-segment_time', '5', '-reset_timestamps', '1', path.join(dir, 'chunk_%03d.webm')],
    ]);
    const names = readdirSync(dir)
      .filter((n) => n.startsWith('chunk_'))
      .sort();
    const joined = path.join(dir, 'list.txt');
    execFileSync('sh', ['-c', `for f in ${names.join(' ')}; do echo "file '${dir}/$f'"; done > ${joined}`]);
    const whole = path.join(dir, 'whole.webm');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'concat', '-safe', '0', '-i', joined, '-c', 'copy', whole]);

    const plainDir = path.join(dir, 'plain');
    execFileSync('mkdir', ['-p', plainDir]);
    const plain = plainFfmpeg(whole, plainDir);

    const oursDir = path.join(dir, 'ours');
    execFileSync('mkdir', ['-p', oursDir]);
    const info = await media.probe(whole);
    const hlsStart = performance.now();
    await media.toHls({ file: whole, options: [] }, oursDir, renditionsFor(info), info, () => undefined);
    const hls = (performance.now() - hlsStart) / 1000;

    const platform = await startEmbeddedPlatform({ dataDir, demo: true, logLevel: 'error' });
    let conversion = 0;
    try {
      const student = await signIn(platform.url!, 'student');
      const created = await fetch(`${platform.url}/api/webinar-sessions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${student}`, 'content-type': 'application/json' },
        body: JSON.stringify({ session_type: 'main-camera' }),
      });
      const session = ((await created.json()) as { entity: Record<string, unknown> }).entity;
      const upload = async (name: string, data: Buffer) => {
        const form = new FormData();
        for (const [k, v] of Object.entries(session.file_upload_params as Record<string, unknown>))
          form.append(k, String(v));
        form.append('file', new Blob([new Uint8Array(data)]), name);
        const answer = await fetch(`${platform.url}${String(session.file_upload_endpoint)}`, {
          method: 'POST',
          body: form,
        });
        if (answer.status >= 300) throw new Error(`${name}: ${answer.status} ${await answer.text()}`);
      };
      for (const name of names) await upload(name, readFileSync(path.join(dir, name)));
      const manifest = {
        type: 'video/webm',
        duration: SECONDS,
        segments: names.map((filename) => ({ filename, duration: 5 })),
      };
      const start = performance.now();
      await upload('manifest.json', Buffer.from(JSON.stringify(manifest)));
      for (;;) {
        const read = await fetch(`${platform.url}/api/webinar-sessions/${String(session.id)}`, {
          headers: { authorization: `Bearer ${student}` },
        });
        const state = ((await read.json()) as { entity: { state: string | null } }).entity.state;
        if (state === 'converted') break;
        if (state === 'failure') throw new Error('the conversion failed');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      conversion = (performance.now() - start) / 1000;
    } finally {
      await platform.stop();
    }

    const round = (n: number) => Math.round(n * 100) / 100;
    const figure = (metric: string, seconds: number): Figure => ({
      bench: 'transcode',
      metric,
      value: round(SECONDS / seconds),
      unit: '× real time',
      baseline: round(SECONDS / plain),
      ratio: round(plain / seconds),
    });
    record([figure('hls_x_realtime', hls), figure('conversion_x_realtime', conversion)], {
      ...hostInfo(),
      video_seconds: SECONDS,
      source: '640x480 VP8+Opus, 5 s chunks',
      renditions: renditionsFor(info).map((r) => r.name),
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
