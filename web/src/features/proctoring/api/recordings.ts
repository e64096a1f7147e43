import { queryOptions } from '@tanstack/react-query';
import { records } from '../../../shared/api';
import { proctoringKeys } from './keys';

interface WebinarSession {
  id: string;
  assignment_attempt_id: string | null;
  session_type: string;
  state: string | null;
  is_erased: boolean;
  video_duration: number | null;
  created_at: string;
}

interface WebinarRecord {
  id: string;
  webinar_session_id: string;
  status: string;
  video_url: string | null;
  video_duration: number | null;
  created_at: string;
}

/** A playable recording of the attempt (docs/media.md): the signed HLS playlist and when it began. */
export interface Recording {
  sessionId: string;
  sessionType: string;
  /** The session was opened as the camera started: the recording's first second is this instant. */
  startedAt: string;
  duration: number | null;
  url: string;
}

/** The attempt's converted recordings, oldest first; sessions still converting are left out. */
export function recordingsQuery(attemptId: string) {
  return queryOptions({
    queryKey: proctoringKeys.recordings(attemptId),
    queryFn: async ({ signal }) => {
      const sessions = (
        await records.list<WebinarSession>(
          'webinar-sessions',
          { filter: { assignment_attempt_id: attemptId } },
          signal,
        )
      ).filter((s) => s.assignment_attempt_id === attemptId && !s.is_erased);
      const found: Recording[] = [];
      for (const session of sessions) {
        const ready = (
          await records.list<WebinarRecord>(
            'webinar-records',
            { filter: { webinar_session_id: session.id, status: 'ready' } },
            signal,
          )
        )
          .filter((r) => r.webinar_session_id === session.id && r.video_url)
          .sort((a, b) => b.created_at.localeCompare(a.created_at));
        const newest = ready[0];
        if (newest?.video_url) {
          found.push({
            sessionId: session.id,
            sessionType: session.session_type,
            startedAt: session.created_at,
            duration: newest.video_duration ?? session.video_duration,
            url: newest.video_url,
          });
        }
      }
      return found.sort((a, b) => a.startedAt.localeCompare(b.startedAt));
    },
  });
}
