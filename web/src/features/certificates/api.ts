import { queryOptions } from '@tanstack/react-query';
import { api, fetchBlob, records } from '../../shared/api';
import type {
  CertificateAction,
  CertificateTarget,
  CourseCertificateStudent,
  IssuedCertificate,
  UserCertificate,
} from './model';
import type { CertificateTemplate } from './template-model';

export const certificateKeys = {
  mine: ['certificates', 'mine'] as const,
  svg: (id: string) => ['certificates', 'svg', id] as const,
  ofAssignment: (id: string) => ['certificates', 'assignment', id] as const,
  ofCourse: (id: string) => ['certificates', 'course', id] as const,
  of: (target: CertificateTarget) =>
    target.kind === 'course' ? certificateKeys.ofCourse(target.id) : certificateKeys.ofAssignment(target.id),
};

/** `/api/assignments/{id}` or `/api/courses/{id}`: where a certificate's teacher routes hang. */
const targetPath = (target: CertificateTarget) =>
  `/api/${target.kind === 'course' ? 'courses' : 'assignments'}/${encodeURIComponent(target.id)}`;

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

/** A course's students with their standing and certificate (GET /api/courses/{id}/certificate-students.json). */
export const courseCertificateStudentsQuery = (courseId: string) =>
  queryOptions({
    queryKey: certificateKeys.ofCourse(courseId),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ entities: CourseCertificateStudent[] }>(
          `/api/courses/${encodeURIComponent(courseId)}/certificate-students.json`,
          { signal },
        )
      ).entities,
  });

export const certificatesApi = {
  act: (target: CertificateTarget, studentId: string, action: CertificateAction) =>
    api.post<unknown>(
      `${targetPath(target)}/students/${encodeURIComponent(studentId)}/certificate/${action}.json`,
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

/** A student's certificate of an assignment or a course as PDF: its teacher. */
export const studentCertificatePdf = (target: CertificateTarget, studentId: string) =>
  fetchBlob(`${targetPath(target)}/students/${encodeURIComponent(studentId)}/certificate/render.pdf`);
