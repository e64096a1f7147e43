import { z } from 'zod';
import { instant } from '../instants';
import { defineContract, defineEvent } from '../registry';

/**
 * An assignment's launch link (`/session/assignment/{token}`, specification 000 §2): a link the teacher
 * posts on the school's own site or LMS that brings a student to the assignment. One stream per
 * assignment, `assignment_launch_link-<assignmentId>`: at most one live token; issuing a new one
 * revokes the old one in the same append, so a revoked link never comes back.
 */
const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
const at = instant();
const token = z
  .string()
  .min(16)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
/**
 * The link's short code for a classroom (`/startx`): 8 characters of an alphabet without 0/O/1/I/L,
 * issued and revoked with the token. Optional: links issued before codes existed carry none (their code
 * is derived from the token by the read model, docs/assignments.md).
 */
const code = z.string().regex(/^[2-9A-HJKMNP-Z]{8}$/);

export const AssignmentLaunchLinkIssued = defineEvent({
  type: 'AssignmentLaunchLinkIssued',
  version: 1,
  redact: ['token', 'code'],
  schema: z.object({ token, code: code.optional(), assignment_id: id, school_id: id, issued_by: id, at }),
});
export const AssignmentLaunchLinkRevoked = defineEvent({
  type: 'AssignmentLaunchLinkRevoked',
  version: 1,
  redact: ['token'],
  schema: z.object({ token, assignment_id: id, by: id, at }),
});

export type AssignmentLaunchLinkIssuedData = z.infer<typeof AssignmentLaunchLinkIssued.schema>;
export type AssignmentLaunchLinkRevokedData = z.infer<typeof AssignmentLaunchLinkRevoked.schema>;

/** The assignments context owns these too; its categories are listed per contract. */
export const assignmentLaunchLinksContract = defineContract({
  context: 'assignments',
  categories: ['assignment_launch_link'],
  events: [AssignmentLaunchLinkIssued, AssignmentLaunchLinkRevoked],
});

/** `GET | POST | DELETE /api/assignments/{id}/launch-link.json`: the live link, for the assignment's staff. */
export interface AssignmentLaunchLink {
  token: string;
  /** The web page to post: `/session/assignment/{token}` on the app's own address. */
  path: string;
  issued_at: string;
  issued_by: string;
  /** The short code for `/startx` (8 characters, shown grouped 4-4 as `ABCD-EFGH`). */
  code: string;
}

/**
 * `GET /api/assignment-links/{token}`: where the link leads the signed-in caller. `relation` says what
 * the caller is to the assignment: one of its students, its staff (owner, reviewer, the school's
 * managers and admins), or neither.
 */
export interface AssignmentLaunchTarget {
  assignment_id: string;
  name: string;
  type: string;
  status: string;
  relation: 'student' | 'staff' | 'other';
}

/**
 * `GET /api/assignment-links/code/{code}`: the same as the token's answer, plus the token, so the quick
 * start page (`/startx`) sends the caller on to `/session/assignment/{token}`.
 */
export interface AssignmentLaunchCodeTarget extends AssignmentLaunchTarget {
  token: string;
}

/** `GET /api/assignment-links/{token}/preview.json`: what a signed-out visitor sees (public). */
export interface AssignmentLaunchPreview {
  name: string;
  school: string | null;
}
