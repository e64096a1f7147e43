import type { AssignmentLaunchLink, AssignmentLaunchPreview, AssignmentLaunchTarget } from '@sabaq/events';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api';

const linkPath = (assignmentId: string) =>
  `/api/assignments/${encodeURIComponent(assignmentId)}/launch-link.json`;
const tokenPath = (token: string) => `/api/assignment-links/${encodeURIComponent(token)}`;

export const launchKeys = {
  link: (assignmentId: string) => ['launch-link', assignmentId] as const,
  target: (token: string) => ['launch-target', token] as const,
  preview: (token: string) => ['launch-preview', token] as const,
};

/** The assignment's live launch link, or null (its owner and the school's staff; others are refused). */
export const launchLinkQuery = (assignmentId: string) =>
  queryOptions({
    queryKey: launchKeys.link(assignmentId),
    queryFn: async ({ signal }) =>
      (await api.get<{ entity: AssignmentLaunchLink | null }>(linkPath(assignmentId), { signal })).entity,
    // A reviewer or a colleague is refused (403/404): the block hides instead of a toast.
    meta: { errorToast: false },
  });

export const launchLinkApi = {
  issue: async (assignmentId: string) =>
    (await api.post<{ entity: AssignmentLaunchLink }>(linkPath(assignmentId))).entity,
  renew: async (assignmentId: string) =>
    (
      await api.post<{ entity: AssignmentLaunchLink }>(
        `/api/assignments/${encodeURIComponent(assignmentId)}/launch-link/renew.json`,
      )
    ).entity,
  revoke: (assignmentId: string) => api.delete<unknown>(linkPath(assignmentId)),
};

/** Where the link leads the signed-in visitor (404 for an unknown or revoked token). */
export const launchTargetQuery = (token: string) =>
  queryOptions({
    queryKey: launchKeys.target(token),
    queryFn: async ({ signal }) =>
      (await api.get<{ entity: AssignmentLaunchTarget }>(tokenPath(token), { signal })).entity,
    retry: false,
    meta: { errorToast: false },
  });

/** The assignment's name for a signed-out visitor. */
export const launchPreviewQuery = (token: string) =>
  queryOptions({
    queryKey: launchKeys.preview(token),
    queryFn: async ({ signal }) =>
      (await api.get<{ entity: AssignmentLaunchPreview }>(`${tokenPath(token)}/preview.json`, { signal }))
        .entity,
    retry: false,
    meta: { errorToast: false },
  });
