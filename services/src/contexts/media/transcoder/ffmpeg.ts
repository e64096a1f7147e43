import ffmpeg from 'fluent-ffmpeg';
import type { Rendition } from './ladder';

export interface VideoInfo {
  duration: number | null;
  width: number;
  height: number;
  hasAudio: boolean;
  /** The frame rate ffmpeg would encode at by default (its guess from the timestamps); null if none. */
  frameRate: number | null;
}

/** Above this a guessed frame rate is taken for a recorder's clock, not the source's real rate. */
const MAX_FRAME_RATE = 60;
/** What a source with such a guess is encoded at: a browser records a camera or a screen at 30 or fewer. */
const RECORDER_FRAME_RATE = 30;

/**
 * The constant rate to encode at when ffmpeg's own would be wrong, or null to keep the source's. A
 * MediaRecorder WebM declares no frame rate and its millisecond timestamps are irregular, so ffmpeg
 * guesses 1000 fps and repeats every frame dozens of times to fill it: the exam's 20 s screen recording
 * of 290 frames became 4000 frames per 4 s segment, about 30 s of CPU each, and four sessions of one
 * exam queued for over ten minutes on a loaded machine. (Passing frames at their own times instead,
 * `-fps_mode vfr`, makes the HLS muxer misstate the last segment's length.)
 */
export function encodingRate(source: Pick<VideoInfo, 'frameRate'>): number | null {
  const rate = source.frameRate;
  return rate !== null && rate > 0 && rate <= MAX_FRAME_RATE ? null : RECORDER_FRAME_RATE;
}

/** "30000/1001" → 29.97; "0/0" and anything unreadable → null. */
export function rateOf(fraction: string | undefined): number | null {
  const [num, den] = (fraction ?? '').split('/').map(Number);
  if (num === undefined || den === undefined || !Number.isFinite(num) || !Number.isFinite(den)) return null;
  return num > 0 && den > 0 ? num / den : null;
}

/** Seconds from ffmpeg's progress timemark, "00:01:02.50". */
export function seconds(timemark: string): number {
  const parts = timemark.split(':').map(Number);
  if (parts.some((p) => !Number.isFinite(p))) return 0;
  return parts.reduce((total, part) => total * 60 + part, 0);
}

/**
 * ffmpeg and ffprobe (Debian's, found on PATH) behind a small typed surface, so the job's logic reads
 * as steps and its tests exercise real media (Immich's media repository).
 */
export const media = {
  /** What ffprobe sees in a file; rejects when it cannot read it as a video. */
  probe(file: string, inputOptions: string[] = []): Promise<VideoInfo> {
    return new Promise((resolve, reject) => {
      ffmpeg.ffprobe(file, inputOptions, (error, data) => {
        if (error) return reject(new Error(firstLine(error)));
        const video = data.streams.find((s) => s.codec_type === 'video');
        if (!video?.width || !video.height) return reject(new Error('no video stream'));
        const duration = Number(data.format.duration);
        resolve({
          duration: Number.isFinite(duration) ? duration : null,
          width: video.width,
          height: video.height,
          hasAudio: data.streams.some((s) => s.codec_type === 'audio'),
          // As ffmpeg itself picks: the average rate where the container states it, else the guess.
          frameRate: rateOf(video.avg_frame_rate) ?? rateOf(video.r_frame_rate),
        });
      });
    });
  },

  /**
   * One pass to HLS: the input scaled to each rendition (H.264 veryfast, AAC), 4-second segments with
   * aligned keyframes, a master playlist `master.m3u8` and one `<n>/index.m3u8` per rendition.
   * `onProgress` gets the seconds of output done so far.
   */
  toHls(
    input: { file: string; options: string[] },
    outDir: string,
    renditions: readonly Rendition[],
    source: Pick<VideoInfo, 'hasAudio' | 'frameRate'>,
    onProgress: (done: number) => void,
  ): Promise<void> {
    const { hasAudio } = source;
    const rate = encodingRate(source);
    const split = renditions.map((_, i) => `[v${i}]`).join('');
    const filters = [
      `[0:v]${rate === null ? '' : `fps=${rate},`}split=${renditions.length}${split}`,
      ...renditions.map((r, i) => `[v${i}]scale=-2:${r.height}[out${i}]`),
    ].join(';');
    const maps = renditions.flatMap((_, i) => ['-map', `[out${i}]`, ...(hasAudio ? ['-map', '0:a:0'] : [])]);
    const rates = renditions.flatMap((r, i) => [`-b:v:${i}`, `${Math.round(r.bandwidth / 1000)}k`]);
    // Tab-separated (ffmpeg accepts both): fluent-ffmpeg splits an option with one space into two words.
    const streamMap = renditions.map((_, i) => (hasAudio ? `v:${i},a:${i}` : `v:${i}`)).join('\t');
    return new Promise((resolve, reject) => {
      ffmpeg(input.file)
        .inputOptions(input.options)
        .complexFilter(filters)
        .outputOptions([
          ...maps,
          '-c:v',
          'libx264',
          '-preset',
          'veryfast',
          '-pix_fmt',
          'yuv420p',
          '-force_key_frames',
          'expr:gte(t,n_forced*4)',
          ...rates,
          ...(hasAudio ? ['-c:a', 'aac', '-b:a', '64k', '-ac', '2'] : []),
          '-threads',
          '2',
          '-f',
          'hls',
          '-hls_time',
          '4',
          '-hls_playlist_type',
          'vod',
          '-hls_segment_filename',
          `${outDir}/%v/segment_%04d.ts`,
          '-master_pl_name',
          'master.m3u8',
          '-var_stream_map',
          streamMap,
        ])
        .output(`${outDir}/%v/index.m3u8`)
        .on('progress', (p: { timemark?: string }) => onProgress(seconds(p.timemark ?? '0')))
        .on('error', (error: Error, _stdout: string | null, stderr: string | null) =>
          reject(new Error(lastLines(stderr) || error.message)),
        )
        .on('end', () => resolve())
        .run();
    });
  },

  /** A JPEG frame from `at` seconds in, 320 pixels wide. */
  thumbnail(input: { file: string; options: string[] }, at: number, out: string): Promise<void> {
    return new Promise((resolve, reject) => {
      ffmpeg(input.file)
        .inputOptions(input.options)
        // Seeking after the input decodes from the start: a seek into a joined VP8 input lands mid-GOP.
        .outputOptions(['-ss', String(at), '-frames:v', '1', '-vf', 'scale=320:-2', '-q:v', '4'])
        .output(out)
        .on('error', (error: Error) => reject(error))
        .on('end', () => resolve())
        .run();
    });
  },
};

const firstLine = (error: unknown) =>
  String(error instanceof Error ? error.message : error).split('\n')[0] ?? 'unreadable';
/** ffmpeg's reason is at the end of its output; keep the event small. */
const lastLines = (stderr: string | null | undefined) => {
  const lines = (stderr ?? '').trim().split('\n');
  const errors = lines.filter((line) => /error|invalid|no such|cannot/i.test(line));
  return (errors.length ? errors : lines).slice(-3).join(' ').slice(0, 500);
};
