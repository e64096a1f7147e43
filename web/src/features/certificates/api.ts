import { queryOptions } from '@tanstack/react-query';
import { api, fetchBlob } from '../../shared/api';
import type { CertificateAction, IssuedCertificate, UserCertificate } from './model';

export const certificateKeys = {
  mine: ['certificates', 'mine'] as const,
  svg: (id: string) => ['certificates', 'svg', id] as const,
  ofAssignment: (id: string) => ['certificates', 'assignment', id] as const,
};

export const myCertificatesQuery = queryOptions({
  queryKey: certificateKeys.mine,
  queryFn: async ({ signal }) =>
    (await api.get<{ entities: UserCertificate[] }>('/api/user/certificates', { signal })).entities,
});

/** The rendered certificate: fetched with the token (an <img> cannot send it) and kept as a blob. */
export const certificateSvgQuery = (id: string) =>
  queryOptions({
    queryKey: certificateKeys.svg(id),
    queryFn: ({ signal }) => fetchBlob(`/api/user/certificates/${encodeURIComponent(id)}/render.svg`, signal),
    staleTime: Infinity,
  });

export const assignmentCertificatesQuery = (assignmentId: string) =>
  queryOptions({
    queryKey: certificateKeys.ofAssignment(assignmentId),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ entities: IssuedCertificate[] }>(
          `/api/assignments/${encodeURIComponent(assignmentId)}/certificates.json`,
          { signal },
        )
      ).entities,
  });

export const certificatesApi = {
  act: (assignmentId: string, studentId: string, action: CertificateAction) =>
    api.post<unknown>(
      `/api/assignments/${encodeURIComponent(assignmentId)}/students/${encodeURIComponent(studentId)}/certificate/${action}.json`,
    ),
};
