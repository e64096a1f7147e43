import { randomBytes } from 'node:crypto';

/**
 * A public report's token: 128 random bits in base64url (22 characters). Unguessable on purpose: a
 * certificate's id is derived from its template, assignment and student (ids.ts), and a report names
 * a student, so it must not be reachable by anyone who merely knows those ids.
 */
export function newReportToken(): string {
  return randomBytes(16).toString('base64url');
}

/** Where the web app shows a report; the QR code of a certificate points here. */
export const reportPath = (token: string) => `/report/${token}`;

/**
 * What a certificate's QR code holds: its report page, or, for one issued before reports existed (no
 * token), the JSON check by its uuid, which keeps working for codes already printed.
 */
export function certificateQrText(origin: string, certificate: { id: string; reportToken: string | null }) {
  return certificate.reportToken
    ? `${origin}${reportPath(certificate.reportToken)}`
    : `${origin}/api/certificate-check/${certificate.id}`;
}
