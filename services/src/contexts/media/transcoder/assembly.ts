/** How ffprobe saw each chunk, in playlist order. */
export interface ChunkProbe {
  name: string;
  readable: boolean;
  duration: number | null;
}

export type Assembly =
  { kind: 'concat-files' } | { kind: 'join-bytes' } | { kind: 'unreadable'; reason: string };

/**
 * How chunks become one input. Chunks cut as standalone files (`ffmpeg -f segment`, a recorder restarted
 * per chunk) each play alone and are joined by ffmpeg's concat demuxer. MediaRecorder's timeslices do
 * not: only the first carries the header, the rest continue its byte stream, so they are joined as
 * bytes. Anything else (a later chunk readable alone while others are not, or an unreadable first
 * chunk) means a chunk is broken, and the reason names the first one that is.
 */
export function planAssembly(chunks: readonly ChunkProbe[]): Assembly {
  const first = chunks[0];
  if (!first) return { kind: 'unreadable', reason: 'Playlist is empty' };
  if (!first.readable) return { kind: 'unreadable', reason: `Chunk ${first.name} is not readable` };
  const rest = chunks.slice(1);
  if (rest.every((c) => c.readable)) return { kind: 'concat-files' };
  if (rest.every((c) => !c.readable)) return { kind: 'join-bytes' };
  const broken = rest.find((c) => !c.readable)!;
  return { kind: 'unreadable', reason: `Chunk ${broken.name} is not readable` };
}

/** Progress in whole percents, reported at most once per `step` percent (events, not a stream of frames). */
export function progressSampler(total: number, step: number, report: (percent: number) => void) {
  let last = 0;
  return (doneSeconds: number) => {
    if (total <= 0) return;
    const percent = Math.min(99, Math.floor((doneSeconds / total) * 100));
    if (percent >= last + step) {
      last = percent - (percent % step);
      report(last);
    }
  };
}
