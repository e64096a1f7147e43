import type { ChunkRecord, PlaylistManifest } from './chunk-record';

/** Specification 001 §9: the uploader's period, the idle limit, and a segment's length when unknown. */
export const UPLOAD_INTERVAL_MS = 10_000;
export const IDLE_LIMIT_MS = 120_000;
export const DEFAULT_SEGMENT_SECONDS = 5;

/** The errors the specification names for a playlist that cannot be sent (001 §8). */
export const PLAYLIST_EMPTY = 'Playlist is empty';
export const UPLOAD_PARAMS_EMPTY = 'Video upload params is empty';

/**
 * Whether a chunk may go now: not sent yet, and closed, or never updated after it was made, or idle
 * (no new bytes) for longer than the idle limit (a recorder that died without closing it).
 */
export function isReadyToUpload(chunk: ChunkRecord, now: number): boolean {
  if (chunk.is_uploaded) return false;
  if (chunk.is_closed || chunk.updated_at === null) return true;
  return now - chunk.updated_at > IDLE_LIMIT_MS;
}

/**
 * The chunks to send in this round, in order: those that never failed first (so one broken chunk does
 * not hold the rest back), then the failed ones with the fewest failures first; within each, in
 * recording order.
 */
export function chunksToUpload(chunks: readonly ChunkRecord[], now: number): ChunkRecord[] {
  return chunks
    .filter((c) => isReadyToUpload(c, now))
    .sort(
      (a, b) =>
        Number(a.is_upload_failed) - Number(b.is_upload_failed) ||
        a.failure_upload_attempts - b.failure_upload_attempts ||
        a.session_id.localeCompare(b.session_id) ||
        a.created_at - b.created_at ||
        a.id.localeCompare(b.id),
    );
}

export function markUploaded(chunk: ChunkRecord): ChunkRecord {
  return { ...chunk, is_uploaded: true, is_upload_failed: false };
}

/** A failed upload marks the chunk failed and counts it (001 §8). */
export function markFailed(chunk: ChunkRecord): ChunkRecord {
  return { ...chunk, is_upload_failed: true, failure_upload_attempts: chunk.failure_upload_attempts + 1 };
}

export type ManifestResult = { ok: true; manifest: PlaylistManifest } | { ok: false; error: string };

/**
 * The playlist of one session's chunks in recording order, or the specification's error. A chunk of
 * unknown length counts as the default segment.
 */
export function buildManifest(chunks: readonly ChunkRecord[]): ManifestResult {
  if (chunks.length === 0) return { ok: false, error: PLAYLIST_EMPTY };
  if (chunks.some((c) => !c.params)) return { ok: false, error: UPLOAD_PARAMS_EMPTY };
  const ordered = [...chunks].sort((a, b) => a.created_at - b.created_at || a.id.localeCompare(b.id));
  const segments = ordered.map((c) => ({
    filename: c.name,
    duration: c.duration > 0 ? c.duration : DEFAULT_SEGMENT_SECONDS,
  }));
  const duration = segments.reduce((sum, s) => sum + s.duration, 0);
  const type = ordered[0]!.blob.type.split(';')[0] || 'video/webm';
  return { ok: true, manifest: { type, duration: Math.round(duration * 1000) / 1000, segments } };
}

/** A session is ready for its playlist when its recording ended and every chunk is on the server. */
export function isSessionComplete(chunks: readonly ChunkRecord[]): boolean {
  return chunks.length > 0 && chunks.every((c) => c.is_uploaded && c.is_closed);
}

/** What the student's indicator shows: chunks on the server of all recorded, and bytes waiting. */
export function uploadProgress(chunks: readonly ChunkRecord[]): {
  uploaded: number;
  total: number;
  pendingBytes: number;
  failed: number;
} {
  const pending = chunks.filter((c) => !c.is_uploaded);
  return {
    uploaded: chunks.length - pending.length,
    total: chunks.length,
    pendingBytes: pending.reduce((sum, c) => sum + c.blob.size, 0),
    failed: pending.filter((c) => c.is_upload_failed).length,
  };
}

/** The chunk's name: sortable, within the server's `[A-Za-z0-9][A-Za-z0-9._-]*`. */
export function chunkName(sequence: number, extension = 'webm'): string {
  return `chunk_${String(sequence).padStart(5, '0')}.${extension}`;
}
