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
