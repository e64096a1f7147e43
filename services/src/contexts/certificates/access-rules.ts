import { only, publicRoute, signedIn, type RouteAccessTable } from '../../platform/http/route-access';
import { authored, type AccessTable } from '../../platform/http/records/access';

/** The staff of a school; routes about an assignment narrow this to its teacher themselves. */
const assignmentStaff = only('admin', 'manager', 'teacher');

/** Who may call each of this context's routes that is not a record collection's (route-access.ts). */
export const certificatesRouteAccess: RouteAccessTable = {
  // Certificates (contexts/certificates): the holder's own; an assignment's teacher issues, revokes and
  // restores (the route checks the assignment's school and owner).
  'GET /api/user/certificates': signedIn,
  'GET /api/user/certificates/:id': signedIn,
  'GET /api/user/certificates/:id/render.svg': signedIn,
  'GET /api/user/certificates/:id/render.pdf': signedIn,
  // The template editor's live preview: the staff who make templates.
  'POST /api/certificates/preview.svg': assignmentStaff,
  // What a certificate's QR code points to: anyone holding the paper may check it (by its uuid).
  'GET /api/certificate-check/:id': publicRoute,
  // The public report (`/report/{token}`): anyone holding the link; the token is the proof.
  'GET /api/report/:token': publicRoute,
  // An attempt's share link: the assignment's own teacher (the route checks school and owner).
  'GET /api/assignments/:id/attempts/:attemptId/report-link.json': only('teacher'),
  'POST /api/assignments/:id/attempts/:attemptId/report-link.json': only('teacher'),
  'DELETE /api/assignments/:id/attempts/:attemptId/report-link.json': only('teacher'),
  // Any caller reaches it: the route answers only the assignment's owner and school staff (else 403/404).
  'GET /api/assignments/:id/certificates.json': signedIn,
  'POST /api/assignments/:id/students/:studentId/certificate/issue.json': assignmentStaff,
  'POST /api/assignments/:id/students/:studentId/certificate/revoke.json': assignmentStaff,
  'POST /api/assignments/:id/students/:studentId/certificate/restore.json': assignmentStaff,
  'GET /api/assignments/:id/students/:studentId/certificate/render.pdf': assignmentStaff,
  // A course's certificates: its author and the school's managers and admins (the route checks the course).
  'GET /api/courses/:id/certificates.json': assignmentStaff,
  'GET /api/courses/:id/certificate-students.json': assignmentStaff,
  'POST /api/courses/:id/students/:studentId/certificate/issue.json': assignmentStaff,
  'POST /api/courses/:id/students/:studentId/certificate/revoke.json': assignmentStaff,
  'POST /api/courses/:id/students/:studentId/certificate/restore.json': assignmentStaff,
  'GET /api/courses/:id/students/:studentId/certificate/render.pdf': assignmentStaff,
};

/** Who may do what with this context's record collections: collection × action × group → rule. */
export const certificatesRecordAccess: AccessTable = {
  // Certificate templates (contexts/certificates): made by a school's teachers and staff, a teacher
  // edits their own; issued certificates are read through /api/user/certificates by their holder.
  certificates: authored,
};
