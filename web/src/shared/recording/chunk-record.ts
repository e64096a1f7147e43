/**
 * Where a chunk goes: the webinar session's upload endpoint and its signed fields (docs/media.md). Kept
 * on every chunk, so chunks left behind by a closed tab can still be sent when the page comes back.
 */
export interface UploadParams {
  endpoint: string;
  fields: Record<string, string>;
}

/** One recorded piece in IndexedDB 'VideoChunksDb', store 'chunks' (specification 001 §5 and §9). */
export interface ChunkRecord {
  /** `<session_id>-<sequence>`: unique, and sorts the session's chunks in recording order. */
  id: string;
  /** The file name sent to the server: `chunk_<sequence>.webm`. */
  name: string;
  blob: Blob;
  params: UploadParams | null;
  session_id: string;
  /** The recorder has finished this piece; nothing will be appended to it. */
  is_closed: boolean;
  is_uploaded: boolean;
  is_upload_failed: boolean;
  failure_upload_attempts: number;
  /** Epoch milliseconds. */
  created_at: number;
  /** Epoch milliseconds of the last change of its bytes; null when never changed after creation. */
  updated_at: number | null;
  /** Seconds of video in it. */
  duration: number;
  codec: string;
}

/** The playlist sent last, as manifest.json (specification 001 §5: type, duration, segments). */
export interface PlaylistManifest {
  type: string;
  duration: number;
  segments: { filename: string; duration: number }[];
}
