import type { PublicReport, ReportLink } from '@sabaq/events';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api';

/** The public report behind a token (no sign-in; 404 for an unknown or revoked one). */
export const fetchPublicReport = async (token: string, signal?: AbortSignal) =>
  (await api.get<{ entity: PublicReport }>(`/api/report/${encodeURIComponent(token)}`, { signal })).entity;

const linkPath = (assignmentId: string, attemptId: string) =>
  `/api/assignments/${encodeURIComponent(assignmentId)}/attempts/${encodeURIComponent(attemptId)}/report-link.json`;

export const reportLinkKeys = {
  of: (assignmentId: string, attemptId: string) => ['report-link', assignmentId, attemptId] as const,
};

/** The attempt's live share link, or null (the assignment's teacher only). */
export const reportLinkQuery = (assignmentId: string, attemptId: string) =>
  queryOptions({
    queryKey: reportLinkKeys.of(assignmentId, attemptId),
    queryFn: async ({ signal }) =>
      (await api.get<{ entity: ReportLink | null }>(linkPath(assignmentId, attemptId), { signal })).entity,
    // Anyone but the assignment's own teacher is refused (403/404): the action hides instead of a toast.
    meta: { errorToast: false },
  });

export const reportLinkApi = {
  share: async (assignmentId: string, attemptId: string) =>
    (await api.post<{ entity: ReportLink }>(linkPath(assignmentId, attemptId))).entity,
  revoke: (assignmentId: string, attemptId: string) => api.delete<unknown>(linkPath(assignmentId, attemptId)),
};
