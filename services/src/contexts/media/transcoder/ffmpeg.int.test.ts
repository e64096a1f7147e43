import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodingRate, media, rateOf } from './ffmpeg';
import { renditionsFor } from './ladder';

const run = promisify(execFile);

/** Video frames (packets) ffprobe counts in a file. */
async function framesIn(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-count_packets',
    '-show_entries',
    'stream=nb_read_packets',
    '-of',
    'json',
    file,
  ]);
  const answer = JSON.parse(stdout) as { streams: { nb_read_packets: string }[] };
  return Number(answer.streams[0]?.nb_read_packets);
}

/** What ffprobe guesses as the stream's frame rate, "1000/1". */
async function guessedRate(file: string): Promise<string> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=r_frame_rate',
    '-of',
    'csv=p=0',
    file,
  ]);
  return stdout.trim();
}

let work = '';
let recording = '';

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'sabaq-ffmpeg-test-'));
  recording = path.join(work, 'recording.webm');
  // Like a browser's MediaRecorder: frames at irregular millisecond times and no declared frame rate
  // (about 15 a second, picked at random from a 1000 fps source and passed through at their own times).
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x240:rate=1000',
    '-t',
    '6',
    '-vf',
    'select=lt(random(1)\\,0.015)',
    '-fps_mode',
    'passthrough',
    '-c:v',
    'libvpx',
    '-deadline',
    'realtime',
    '-b:v',
    '300k',
    recording,
  ]);
}, 60_000);
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('HLS from a recording with irregular frame times', () => {
  it('encodes at most 30 frames a second, not the 1000 its millisecond timestamps suggest', async () => {
    expect(await guessedRate(recording)).toBe('1000/1');
    const recorded = await framesIn(recording);
    expect(recorded).toBeGreaterThan(40);
    const info = await media.probe(recording);
    expect(encodingRate(info)).toBe(30);
    const out = path.join(work, 'out');
    await media.toHls({ file: recording, options: [] }, out, renditionsFor(info), info, () => undefined);

    const segments = (await readdir(path.join(out, '0'))).filter((f) => f.endsWith('.ts')).sort();
    expect(segments.length).toBeGreaterThan(1);
    let encoded = 0;
    for (const segment of segments) encoded += await framesIn(path.join(out, '0', segment));
    // Every recorded frame is there; at 1000 fps there would be about 5800.
    expect(encoded).toBeGreaterThanOrEqual(recorded);
    expect(encoded).toBeLessThanOrEqual(Math.ceil(30 * (info.duration ?? 0)) + 2);
    // The playlist lasts as long as the recording (the last segment's length included).
    const played = await media.probe(path.join(out, '0', 'index.m3u8'));
    expect(played.duration).toBeGreaterThan((info.duration ?? 0) - 1);
    expect(played.duration).toBeLessThan((info.duration ?? 0) + 1);
  }, 120_000);

  it('keeps the rate a source states, and reads ffprobe fractions', () => {
    expect(rateOf('30000/1001')).toBeCloseTo(29.97, 2);
    expect(rateOf('0/0')).toBeNull();
    expect(rateOf(undefined)).toBeNull();
    expect(encodingRate({ frameRate: 25 })).toBeNull();
    expect(encodingRate({ frameRate: 60 })).toBeNull();
    expect(encodingRate({ frameRate: 1000 })).toBe(30);
    expect(encodingRate({ frameRate: null })).toBe(30);
  });
});
