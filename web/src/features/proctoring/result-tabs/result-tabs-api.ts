import { queryOptions } from '@tanstack/react-query';
import { api, records, type Page } from '../../../shared/api';

/** An identity_verified action with the photo the exam client took (docs/proctoring.md). */
export interface IdentityAction {
  id: string;
  created_at: string;
  source: string;
  screenshot_urls?: string[];
}

export function identityPhotosQuery(attemptId: string) {
  return queryOptions({
    queryKey: ['assignments', 'identity-photos', attemptId] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<{ entities: Page<IdentityAction> }>('/api/assignment/actions', {
          query: { assignment_attempt_id: attemptId, action_type: 'identity_verified', page: 1, limit: 100 },
          signal,
        })
      ).entities.data,
  });
}

/** A webinar session of the attempt and where its conversion stands (docs/media.md). */
export interface AttemptSession {
  id: string;
  assignment_attempt_id: string | null;
  session_type: string;
  /** null while in process; converted or failure once the latest conversion ended. */
  state: string | null;
  is_erased: boolean;
  video_duration: number | null;
  created_at: string;
}

export function attemptSessionsQuery(attemptId: string) {
  return queryOptions({
    queryKey: ['assignments', 'attempt-sessions', attemptId] as const,
    queryFn: async ({ signal }) =>
      (
        await records.list<AttemptSession>(
          'webinar-sessions',
          { filter: { assignment_attempt_id: attemptId } },
          signal,
        )
      )
        .filter((s) => s.assignment_attempt_id === attemptId && !s.is_erased)
        .sort((a, b) => a.created_at.localeCompare(b.created_at)),
  });
}
