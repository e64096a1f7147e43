import { request } from '../../../shared/api';
import type { UploadParams } from '../../../shared/recording';

/** What a phone's link is for (GET /api/webinar-sessions/external/{token}, docs/media.md). */
export interface ExternalLink {
  purpose: 'camera' | 'upload';
  expires_at: string;
  assignment_attempt_id: string;
  assignment: { id: string; name: string };
  student: { firstname: string | null };
  attempt: { status: 'active' | 'finished'; ends_at: string | null };
  settings: { second_camera_record: boolean; microphone_record: boolean; heartbeat_seconds: number };
  sessions: { id: string; session_type: string; status: string; state: string | null }[];
}

export interface ExternalSession {
  id: string;
  session_type: string;
  status: string;
  file_upload_endpoint: string | null;
  file_upload_params: Record<string, unknown> | null;
}

export type SessionType = 'main-camera' | 'screen' | 'second-camera';
export type CameraEvent = 'opened' | 'heartbeat' | 'closed';

const base = (token: string) => `/api/webinar-sessions/external/${encodeURIComponent(token)}`;

/** The link is the proof on every call: the phone has no sign-in. */
export const externalApi = {
  read: (token: string, signal?: AbortSignal) =>
    request<{ entity: ExternalLink }>(base(token), { anonymous: true, signal }).then((a) => a.entity),
  openSession: (token: string, sessionId: string, sessionType: SessionType = 'second-camera') =>
    request<{ entity: ExternalSession }>(`${base(token)}/sessions`, {
      method: 'POST',
      anonymous: true,
      body: { session_id: sessionId, session_type: sessionType },
    }).then((a) => a.entity),
  report: (token: string, webinarSessionId: string, event: CameraEvent) =>
    request<unknown>(`${base(token)}/lifecycle`, {
      method: 'POST',
      anonymous: true,
      body: { webinar_session_id: webinarSessionId, event },
    }),
  /** When the page goes away: a request the browser finishes after the page is gone. */
  reportLeaving: (token: string, webinarSessionId: string) =>
    void fetch(`${base(token)}/lifecycle`, {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ webinar_session_id: webinarSessionId, event: 'closed' }),
    }).catch(() => undefined),
};

export const externalKeys = { link: (token: string) => ['external-link', token] as const };

/** The session's signed upload target, as the uploader keeps it on every chunk. */
export function uploadParamsOf(session: ExternalSession): UploadParams | null {
  if (!session.file_upload_endpoint || !session.file_upload_params) return null;
  return {
    endpoint: session.file_upload_endpoint,
    fields: Object.fromEntries(Object.entries(session.file_upload_params).map(([k, v]) => [k, String(v)])),
  };
}

/** The page's own id of a recording: retrying the same start opens the same session. */
export function newRecordingId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
