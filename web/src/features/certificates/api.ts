import { queryOptions } from '@tanstack/react-query';
import { api, fetchBlob, records } from '../../shared/api';
import type { CertificateAction, IssuedCertificate, UserCertificate } from './model';
import type { CertificateTemplate } from './template-model';

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

export const templateKeys = {
  all: ['certificate-templates'] as const,
  page: (page: number) => ['certificate-templates', 'page', page] as const,
  one: (id: string) => ['certificate-templates', 'one', id] as const,
};

/** The school's certificate templates, a page of 25 (the record API, docs/certificates.md). */
export const templatesPageQuery = (page: number) =>
  queryOptions({
    queryKey: templateKeys.page(page),
    queryFn: ({ signal }) => records.page<CertificateTemplate>('certificates', { page, limit: 25 }, signal),
  });

export const templateQuery = (id: string) =>
  queryOptions({
    queryKey: templateKeys.one(id),
    queryFn: ({ signal }) => records.get<CertificateTemplate>('certificates', id, signal),
  });

export const templatesApi = {
  create: (body: Record<string, unknown>) => records.create<CertificateTemplate>('certificates', body),
  update: (id: string, body: Record<string, unknown>) =>
    records.update<CertificateTemplate>('certificates', id, body),
  remove: (id: string) => records.remove('certificates', id),
  /** The sheet drawn by the server's own renderer with sample values: the preview is the certificate. */
  preview: (body: object, signal?: AbortSignal) =>
    api.post<string>('/api/certificates/preview.svg', body, { signal }),
};

/** A certificate's PDF, fetched with the token (a link cannot send it): the holder's own. */
export const myCertificatePdf = (id: string) =>
  fetchBlob(`/api/user/certificates/${encodeURIComponent(id)}/render.pdf`);

/** A student's certificate of an assignment as PDF: the assignment's teacher. */
export const studentCertificatePdf = (assignmentId: string, studentId: string) =>
  fetchBlob(
    `/api/assignments/${encodeURIComponent(assignmentId)}/students/${encodeURIComponent(studentId)}/certificate/render.pdf`,
  );
