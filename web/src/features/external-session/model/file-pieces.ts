// The pure half of the recording's modules (the barrel would bring the uploader and its client along).
import { chunkName, DEFAULT_SEGMENT_SECONDS } from '../../../shared/recording/upload-plan';

/** The server takes a chunk of at most 64 MiB (docs/media.md). */
export const MAX_PIECE_BYTES = 64 * 1024 * 1024;
/** A bigger WebM goes in pieces of this size, joined again as bytes by the transcoder. */
export const PIECE_BYTES = 32 * 1024 * 1024;

export interface FilePiece {
  name: string;
  start: number;
  end: number;
  /** Seconds, the file's duration spread over its bytes (or the default when it is unknown). */
  duration: number;
}

export type PiecePlan = { ok: true; pieces: FilePiece[] } | { ok: false; error: 'empty' | 'too-big' };

const extensionOf = (type: string) => (type.includes('mp4') ? 'mp4' : 'webm');

/**
 * How a recording file is sent: whole when the server takes it in one piece (then any container
 * converts), else in byte pieces, which only a WebM survives (the transcoder joins pieces it cannot
 * read alone as bytes: the first carries the header, as MediaRecorder's do).
 */
export function planPieces(size: number, type: string, seconds: number | null): PiecePlan {
  if (size <= 0) return { ok: false, error: 'empty' };
  const extension = extensionOf(type);
  if (size > MAX_PIECE_BYTES && extension !== 'webm') return { ok: false, error: 'too-big' };
  const count = size <= MAX_PIECE_BYTES ? 1 : Math.ceil(size / PIECE_BYTES);
  const step = count === 1 ? size : PIECE_BYTES;
  const known = seconds !== null && Number.isFinite(seconds) && seconds > 0;
  const pieces = Array.from({ length: count }, (_, i) => {
    const start = i * step;
    const end = Math.min(size, start + step);
    const duration = known
      ? Math.round(((seconds * (end - start)) / size) * 1000) / 1000
      : DEFAULT_SEGMENT_SECONDS;
    return { name: chunkName(i, extension), start, end, duration };
  });
  return { ok: true, pieces };
}

/** The playlist sent last (manifest.json), as the exam's uploader builds it. */
export function manifestOfPieces(type: string, pieces: readonly FilePiece[]) {
  const segments = pieces.map((p) => ({ filename: p.name, duration: p.duration }));
  const duration = Math.round(segments.reduce((sum, s) => sum + s.duration, 0) * 1000) / 1000;
  return { type: type.split(';')[0] || 'video/webm', duration, segments };
}
