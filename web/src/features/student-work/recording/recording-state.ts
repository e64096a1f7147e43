/** A recording session of an attempt as the student reads it (GET /api/webinar-sessions). */
export interface AttemptSession {
  id: string;
  session_type: string;
  status: 'started' | 'finished';
}

/** A chunk this browser still holds (IndexedDB 'VideoChunksDb'), as far as this page cares. */
export interface LocalChunk {
  session_id: string;
  is_uploaded: boolean;
}

/**
 * What the student is told about an attempt's recording:
 * - `none`: nothing reached the server (the camera never started recording, or the page never sent);
 * - `incomplete`: a session is still open: its playlist did not come (still being sent, or it broke);
 * - `sent`: every session got its playlist: the server has the whole recording.
 */
export type RecordingState = 'none' | 'incomplete' | 'sent';

export function recordingState(sessions: readonly AttemptSession[]): RecordingState {
  if (sessions.length === 0) return 'none';
  return sessions.some((s) => s.status !== 'finished') ? 'incomplete' : 'sent';
}

/**
 * How many pieces of the attempt's recording this browser still holds unsent: the upload page opened
 * in this browser sends them (the exam page does too while it is open).
 */
export function unsentHere(sessions: readonly AttemptSession[], chunks: readonly LocalChunk[]): number {
  const ids = new Set(sessions.map((s) => s.id));
  return chunks.filter((c) => ids.has(c.session_id) && !c.is_uploaded).length;
}

/** The attempt the page offers the link for: the newest one that is over (a running one sends live). */
export function attemptToUpload<T extends { number: number; status: string }>(
  attempts: readonly T[],
): T | null {
  const over = attempts.filter((a) => a.status !== 'active');
  return over.reduce<T | null>((newest, a) => (newest && newest.number > a.number ? newest : a), null);
}

/** The recordings a proctored assignment may make (000 §9), each on unless its settings say false. */
const RECORDED = ['main_camera_record', 'screen_share_record', 'second_camera_record'] as const;

/**
 * Whether the assignment records anything at all: one that records nothing has no recording to miss,
 * so its page offers no upload link. The specification's defaults are all on, so a setting left out
 * counts as on (read here without `@sabaq/events`, whose zod would join the student's area).
 */
export function recordsAnything(settings: Record<string, unknown> | null | undefined): boolean {
  const proctoring = settings?.proctoring_settings;
  const given = proctoring && typeof proctoring === 'object' ? (proctoring as Record<string, unknown>) : {};
  return RECORDED.some((flag) => given[flag] !== false);
}
