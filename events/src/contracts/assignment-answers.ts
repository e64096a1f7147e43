import { namedObject } from './answers';

/**
 * The assignments context's own calls beside its record collections (docs/assignments.md): state
 * changes, clones, per-student actions, finishing an attempt, launch links.
 */
export const assignmentObject = namedObject(
  'AssignmentAnswer',
  'An assignment as GET /api/assignments/{id} answers it (the AssignmentsEntity fields, docs/assignments.md)',
);
export const attemptObject = namedObject(
  'AttemptAnswer',
  'An attempt as GET /api/assignment-attempts answers it, as its caller may see it (docs/assignments.md)',
);
export const launchLinkObject = namedObject(
  'LaunchLink',
  "An assignment's live launch link (token, code, path, issued_at), or null when none is live (docs/assignments.md)",
);
export const launchTargetObject = namedObject(
  'LaunchTarget',
  'Where a launch link or code leads: the assignment, its school and what the visitor must do (docs/assignments.md)',
);
export const launchPreviewObject = namedObject(
  'LaunchPreview',
  "A launch link's assignment as shown before sign-in: name, school, dates (docs/assignments.md)",
);
export const webinarObject = namedObject(
  'Webinar',
  'A webinar: its schedule, class, moderators, state and join details (docs/webinars.md)',
);
export const aiReportObject = namedObject(
  'AiReportAnswer',
  'An AI report run as /api/ai-reports answers it: its version, state, intervals and findings (docs/ai-analysis.md)',
);
