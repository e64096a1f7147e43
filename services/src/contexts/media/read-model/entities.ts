import type { Row } from '../../../platform/http/records/collection';
import { PLAY_TTL_SECONDS, UPLOAD_TTL_SECONDS, type MediaSigner } from '../signing';

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** Where a session's chunks and playlist go (specification 001 §3: file_upload_endpoint). */
export const uploadPath = (sessionId: string) => `/api/webinar-sessions/${sessionId}/upload`;
/** A shared library file's lasting link: it redirects to a freshly signed URL (library/share-routes.ts). */
export const sharedPath = (token: string) => `/api/media/s/${token}`;
/** Playback goes through the API only: the signed master playlist of a record or a media item. */
export const playPath = (kind: 'webinar-records' | 'media', id: string) =>
  `/api/${kind}/${id}/hls/master.m3u8`;
export const thumbPath = (kind: 'webinar-records' | 'media', id: string) =>
  `/api/${kind}/${id}/hls/thumb.jpg`;

function signedUrl(signer: MediaSigner, path: string, id: string): string {
  const { expires, signature } = signer.sign('play', id, PLAY_TTL_SECONDS);
  return `${path}?expires=${expires}&signature=${signature}`;
}

/** A webinar record (specification 001 §3), with our status and failure reason beside it. */
export function recordEntity(row: Row, signer: MediaSigner): Record<string, unknown> {
  const ready = row.status === 'ready' && row.playlist_key;
  const id = String(row.id);
  return {
    id,
    webinar_session_id: row.webinar_session_id,
    type: row.type,
    status: row.status,
    attempt: row.attempt,
    progress: row.progress,
    video_url: ready ? signedUrl(signer, playPath('webinar-records', id), id) : null,
    thumb_url: ready && row.thumb_key ? signedUrl(signer, thumbPath('webinar-records', id), id) : null,
    video_duration: num(row.duration),
    video_size: num(row.size),
    renditions: row.renditions,
    failure_reason: row.failure_reason,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/**
 * A webinar session (specification 001 §3). The upload endpoint and signed params are given while the
 * session still takes chunks; routes strip them for every reader but the session's student.
 */
export function sessionEntity(row: Row, signer: MediaSigner): Record<string, unknown> {
  const id = String(row.id);
  const uploading = !row.is_erased && (row.status === 'started' || row.state === 'failure');
  const { expires, signature } = signer.sign('upload', id, UPLOAD_TTL_SECONDS);
  return {
    id,
    webinar_id: row.webinar_id,
    user_id: row.user_id,
    session_id: row.session_id,
    assignment_id: row.assignment_id,
    assignment_attempt_id: row.assignment_attempt_id,
    session_type: row.session_type,
    session_kind: row.session_kind,
    status: row.status,
    state: row.state,
    is_should_analyze: row.is_should_analyze,
    use_modules: row.use_modules,
    is_erased: row.is_erased,
    progress: row.progress,
    failure_reason: row.failure_reason,
    video_duration: num(row.duration),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    file_upload_endpoint: uploading ? uploadPath(id) : null,
    file_upload_params: uploading ? { session_id: id, expires, signature } : null,
  };
}

/** A media library item (specification 000 §3, 001 §3): folders have no file, videos play as HLS. */
export function mediaEntity(row: Row, signer: MediaSigner): Record<string, unknown> {
  const id = String(row.id);
  const playable = row.status === 'ready' && row.playlist_key;
  return {
    id,
    owner_id: row.owner_id,
    parent_id: row.parent_id,
    status: row.status,
    name: row.name,
    description: row.description,
    type: row.type,
    file_name: row.file_name,
    file_size: num(row.file_size),
    mime_type: row.mime_type,
    storage: row.key ? 's3' : null,
    path: null,
    src: row.key ? signedUrl(signer, `/api/media/${id}/file`, id) : null,
    // The lasting address of a shared file (POST /api/media/{id}/share.json): what others' pages store.
    shared_src: row.key && row.share_token ? sharedPath(String(row.share_token)) : null,
    preview_src: playable && row.thumb_key ? signedUrl(signer, thumbPath('media', id), id) : null,
    encoded: playable ? { type: 'hls', playlist: signedUrl(signer, playPath('media', id), id) } : null,
    progress: row.progress,
    failure_reason: row.failure_reason,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}
