/** A certificate as the student reads it (GET /api/user/certificates, docs/certificates.md). */
export interface UserCertificate {
  id: string;
  name: string;
  certificate_id: string;
  certificate_number: string;
  placeholders: Record<string, string>;
  issued_at: string;
  /** The public report its QR code opens (`/report/{token}`); null when issued before reports existed. */
  report_path?: string | null;
}

/** What the assignment's or course's teacher sees per student (GET …/certificates.json). */
export interface IssuedCertificate extends UserCertificate {
  user_id: string;
  /** Null for a course's certificate. */
  assignment_id: string | null;
  course_id?: string | null;
  status: 'active' | 'revoked';
}

/** What a student's certificate is for: an assignment, or a course finished. */
export interface CertificateTarget {
  kind: 'assignment' | 'course';
  id: string;
}

/** A course's student as its teacher sees them (GET /api/courses/{id}/certificate-students.json). */
export interface CourseCertificateStudent {
  user_id: string;
  fullname: string;
  /** Every assignment the course's published materials link is finished. */
  finished: boolean;
  score: number | null;
  max_score: number;
  certificate: IssuedCertificate | null;
}

export type CertificateAction = 'issue' | 'revoke' | 'restore';

/**
 * The one thing a teacher can do with a student's certificate: issue when there is none, revoke an
 * active one, restore a revoked one (a revoked certificate is restored, never issued anew).
 */
export function certificateActionFor(issued: IssuedCertificate | undefined): CertificateAction {
  if (!issued) return 'issue';
  return issued.status === 'active' ? 'revoke' : 'restore';
}

/** The latest certificate per student: one per template, assignment and student, so normally one. */
export function certificatesByStudent(list: IssuedCertificate[]): Map<string, IssuedCertificate> {
  const byStudent = new Map<string, IssuedCertificate>();
  for (const c of list) {
    const seen = byStudent.get(c.user_id);
    if (!seen || Date.parse(c.issued_at) > Date.parse(seen.issued_at)) byStudent.set(c.user_id, c);
  }
  return byStudent;
}

export interface LocalPage<T> {
  data: T[];
  current_page: number;
  last_page: number;
  total: number;
}

/**
 * One page of a list the server answers whole (the student's certificates, at most 1,000): the same
 * shape and rule as the server's pages, a page past the end being the last one (000 §4).
 */
export function pageOf<T>(items: T[], requested: number, size: number): LocalPage<T> {
  const last = Math.max(1, Math.ceil(items.length / size));
  const page = Number.isFinite(requested) ? Math.min(Math.max(1, Math.floor(requested)), last) : 1;
  return {
    data: items.slice((page - 1) * size, page * size),
    current_page: page,
    last_page: last,
    total: items.length,
  };
}

/** A file name for the downloaded SVG: the number, safe on every system. */
export function certificateFileName(c: Pick<UserCertificate, 'certificate_number' | 'id'>): string {
  const base = (c.certificate_number || c.id).replace(/[^\p{L}\p{N}._-]+/gu, '_');
  return `certificate-${base}.svg`;
}

/** 000 §9: certificate dates are shown DD.MM.YY (on the reader's clock). */
export function certificateDate(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(at.getDate())}.${pad(at.getMonth() + 1)}.${pad(at.getFullYear() % 100)}`;
}
