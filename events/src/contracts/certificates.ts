import { z } from 'zod';
import { namedObject } from './answers';

/** The certificates context's own calls (docs/certificates.md): issued certificates, checks, public reports. */
export const userCertificateObject = namedObject(
  'UserCertificate',
  'A certificate of the caller: number, template, the assignment, placeholders and when it was issued (docs/certificates.md)',
);
export const issuedCertificateObject = namedObject(
  'IssuedCertificate',
  "A student's certificate of an assignment as its teachers see it, with its status (docs/certificates.md)",
);
/** `GET /api/courses/{id}/certificate-students.json`: a course's student as its certificates page lists them. */
export const courseCertificateStudentObject = namedObject(
  'CourseCertificateStudent',
  "A course's student: user_id, fullname, finished, score, max_score and their certificate of the course or null (docs/certificates.md)",
);
/** `GET /api/certificate-check/{id}`: what anyone holding a certificate's number may verify. */
export const certificateCheckObject = namedObject(
  'CertificateCheck',
  'A certificate as its verification shows it: number, holder, subject, school, issued_at, is_valid',
);
export const publicReportObject = namedObject(
  'PublicReport',
  "An attempt's report shared by link: the assignment, the student, results and proctoring (docs/certificates.md)",
);
/** A live report link of an attempt (token, path, shared_at, shared_by), or null when none is shared. */
export const reportLinkAnswer = z.looseObject({
  entity: namedObject(
    'ReportLink',
    "An attempt's live report link: token, path, shared_at, shared_by; null when none is shared",
  ),
});
