import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';

/** ffmpeg could not read the recording: a fault of the media, not of the machine. */
export class MediaReadError extends Error {}

/** A recording to read: a local path or URL ffmpeg opens itself, or a stream (e.g. from object storage). */
export type RecordingInput = string | (() => Promise<Readable>);

export const FRAME_WIDTH = 320;
export const FRAME_HEIGHT = 240;

/**
 * Runs ffmpeg over the input and yields its stdout in records of `recordBytes`. No temporary files:
 * a stream input is piped to ffmpeg's stdin. ffmpeg failing (not a video, no audio) ends the iteration
 * with an error carrying its message.
 */
async function* ffmpegRecords(
  input: RecordingInput,
  args: string[],
  recordBytes: number,
): AsyncGenerator<Buffer> {
  const source = typeof input === 'string' ? input : 'pipe:0';
  const child = spawn('ffmpeg', ['-v', 'error', '-nostdin', '-i', source, ...args, 'pipe:1'], {
    stdio: [typeof input === 'string' ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  // A source that fails (object storage gone) must not pass for a short recording: its error wins.
  let sourceError: Error | undefined;
  if (typeof input !== 'string') {
    const stream = await input();
    stream.on('error', (error) => {
      sourceError = error;
      child.stdin?.destroy();
    });
    // ffmpeg may stop reading early (e.g. a broken file); that is not this reader's error.
    child.stdin!.on('error', () => undefined);
    stream.pipe(child.stdin!);
  }
  let pending: Buffer = Buffer.alloc(0);
  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      while (pending.length >= recordBytes) {
        yield pending.subarray(0, recordBytes);
        pending = pending.subarray(recordBytes);
      }
    }
    const code = await exited;
    if (sourceError) throw sourceError;
    if (code !== 0) throw new MediaReadError(`ffmpeg failed (${code}): ${stderr.trim() || 'no message'}`);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

/**
 * Frames sampled at `fps`, scaled into FRAME_WIDTH × FRAME_HEIGHT (letterboxed, so faces keep their
 * shape), as RGB bytes with their time in seconds.
 */
export async function* sampledFrames(
  input: RecordingInput,
  fps: number,
): AsyncGenerator<{ t: number; data: Uint8Array }> {
  const w = FRAME_WIDTH;
  const h = FRAME_HEIGHT;
  const filter = `fps=${fps},scale=${w}:${h}:force_original_aspect_ratio=decrease,pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2`;
  let index = 0;
  for await (const record of ffmpegRecords(
    input,
    ['-an', '-vf', filter, '-f', 'rawvideo', '-pix_fmt', 'rgb24'],
    w * h * 3,
  )) {
    // The fps filter's frame n stands for the time n / fps (its first frame is at 0).
    yield { t: index / fps, data: new Uint8Array(record) };
    index += 1;
  }
}

/** Whole seconds of mono 16 kHz audio as float samples, with their start in seconds. */
export async function* audioSeconds(
  input: RecordingInput,
): AsyncGenerator<{ t: number; samples: Float32Array }> {
  let second = 0;
  for await (const record of ffmpegRecords(
    input,
    ['-vn', '-ac', '1', '-ar', '16000', '-f', 'f32le'],
    16_000 * 4,
  )) {
    const copy = Buffer.from(record);
    yield { t: second, samples: new Float32Array(copy.buffer, copy.byteOffset, 16_000) };
    second += 1;
  }
}

/** Duration in seconds by ffprobe (a path or URL), or null when it cannot tell. */
export function probeDuration(input: string): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration',
      '-of',
      'csv=p=0',
      input,
    ]);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', () => resolve(null));
    child.on('close', () => {
      const value = Number.parseFloat(out.trim());
      resolve(Number.isFinite(value) ? value : null);
    });
  });
}
