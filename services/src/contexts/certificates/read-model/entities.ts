import type { Row } from '../../../platform/http/records/collection';
import { reportPath } from '../report/report-token';

/** The specification's Certificate (001 §3); each element names its template as certificate_id. */
export function templateEntity(row: Row) {
  const elements = Array.isArray(row.elements) ? (row.elements as Record<string, unknown>[]) : [];
  return {
    id: row.id,
    owner_id: row.owner_id,
    image: row.image,
    name: row.name,
    description: row.description,
    serial_number: row.serial_number,
    serial_counter: row.serial_counter,
    elements: elements.map((element, index) => ({
      // Elements live inside their template; their id is their place in it.
      id: index + 1,
      certificate_id: row.id,
      ...element,
    })),
    meta: row.meta,
    styles: row.styles,
    coefficient: row.coefficient,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The specification's User certificate (000 §3): id, name, certificate_id, certificate_number, … */
export function userCertificateEntity(row: Row) {
  return {
    id: row.id,
    name: row.name,
    certificate_id: row.certificate_id,
    certificate_number: row.certificate_number,
    placeholders: row.placeholders,
    meta: row.meta,
    issued_at: row.issued_at,
    // Ours: the public report page its QR code points to (null when issued before reports existed).
    report_path: row.report_token ? reportPath(String(row.report_token)) : null,
  };
}

/** What the assignment's teacher sees: the student's certificate and whether it stands. */
export function issuedCertificateEntity(row: Row) {
  return {
    ...userCertificateEntity(row),
    user_id: row.user_id,
    assignment_id: row.assignment_id,
    // Ours: the course finished, for a course's certificate (then assignment_id is null).
    course_id: row.course_id ?? null,
    status: row.status,
    status_changed_at: row.status_changed_at,
    issued_by: row.issued_by,
  };
}
