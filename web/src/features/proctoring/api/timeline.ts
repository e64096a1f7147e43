import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api';
import type { ProctorAction } from '../model/vocabulary';
import type { ReviewDecision, Timeline } from '../model/types';
import { proctoringKeys } from './keys';

export function timelineQuery(attemptId: string) {
  return queryOptions({
    queryKey: proctoringKeys.timeline(attemptId),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ entity: Timeline }>(`/api/proctoring/timelines/${encodeURIComponent(attemptId)}`, {
          signal,
        })
      ).entity,
  });
}

export interface ReviewBody {
  interval_key: string;
  decision: ReviewDecision;
  note?: string;
}

/** Confirms or dismisses an interval; the server answers the timeline with the new score. */
export async function reviewInterval(attemptId: string, body: ReviewBody): Promise<Timeline> {
  const answer = await api.post<{ entity: Timeline }>(
    `/api/proctoring/timelines/${encodeURIComponent(attemptId)}/reviews`,
    body,
  );
  return answer.entity;
}

export interface ProctorActionBody {
  assignment_id: string;
  assignment_attempt_id: string;
  action_type: ProctorAction;
  description?: string;
}

/** A message, warning, suspension, resume or stop: a proctor action the student is told of. */
export function sendProctorAction(body: ProctorActionBody) {
  return api.post<{ entity: unknown }>('/api/assignment/actions', { ...body, source: 'proctor' });
}
