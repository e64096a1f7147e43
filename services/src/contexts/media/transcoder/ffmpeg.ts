import ffmpeg from 'fluent-ffmpeg';
import type { Rendition } from './ladder';

export interface VideoInfo {
  duration: number | null;
  width: number;
  height: number;
  hasAudio: boolean;
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
    hasAudio: boolean,
    onProgress: (done: number) => void,
  ): Promise<void> {
    const split = renditions.map((_, i) => `[v${i}]`).join('');
    const filters = [
      `[0:v]split=${renditions.length}${split}`,
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
