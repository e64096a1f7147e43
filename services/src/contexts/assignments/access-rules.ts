import { only, publicRoute, signedIn, type RouteAccessTable } from '../../platform/http/route-access';
import {
  groups,
  schoolAuthors,
  ownAuthors,
  type AccessTable,
  type CollectionAccess,
  type Rule,
} from '../../platform/http/records/access';
import type { Group } from '../../platform/http/caller';

/** The staff of a school; routes about an assignment narrow this to its teacher themselves. */
const assignmentStaff = only('admin', 'manager', 'teacher');

/** Who may call each of this context's routes that is not a record collection's (route-access.ts). */
export const assignmentsRouteAccess: RouteAccessTable = {
  // An assignment's launch link (docs/assignments.md): its owner and the school's staff issue and revoke
  // it (the route checks school and owner); any signed-in user follows it; its name is public to the holder.
  'GET /api/assignments/:id/launch-link.json': assignmentStaff,
  'POST /api/assignments/:id/launch-link.json': assignmentStaff,
  'POST /api/assignments/:id/launch-link/renew.json': assignmentStaff,
  'DELETE /api/assignments/:id/launch-link.json': assignmentStaff,
  'GET /api/assignment-links/:token': signedIn,
  'GET /api/assignment-links/:token/preview.json': publicRoute,
  // The link's short code (/startx): any signed-in user; wrong codes are limited per caller.
  'GET /api/assignment-links/code/:code': signedIn,
};

/**
 * Assignments (contexts/assignments): a school's teachers and staff make classes and assignments; a
 * teacher edits and deletes their own. Students read theirs only: the classes they are in and the
 * assignments they are given (narrowed by contexts/assignments/visibility.ts). A student's work
 * (attempts, results, scores, reviews, comments) is theirs ('own': owner_id is the student) and is read
 * by the school's staff and by the assignment's teachers (owner and reviewers, narrowed by the same
 * rule). Work is never edited through the record calls: it changes through its commands.
 */
const classworkReaders = groups('none', {
  admin: 'own-school',
  manager: 'own-school',
  teacher: 'own-school',
  student: 'own-school',
  // A school's proctors proctor all its assignments (docs/proctoring.md): they read them and their classes.
  proctor: 'own-school',
});
const classwork: CollectionAccess = {
  list: classworkReaders,
  get: classworkReaders,
  create: schoolAuthors,
  update: ownAuthors,
  delete: ownAuthors,
};
const studentWork = (
  creators: Partial<Record<Group, Rule>>,
  readers: Partial<Record<Group, Rule>> = {},
): CollectionAccess => ({
  list: groups('none', {
    admin: 'own-school',
    manager: 'own-school',
    teacher: 'own-school',
    student: 'own',
    ...readers,
  }),
  get: groups('none', {
    admin: 'own-school',
    manager: 'own-school',
    teacher: 'own-school',
    student: 'own',
    ...readers,
  }),
  create: groups('none', creators),
  update: groups('none'),
  delete: groups('none'),
});

/** Who may do what with this context's record collections: collection × action × group → rule. */
export const assignmentsRecordAccess: AccessTable = {
  // Assignments: see `classwork` and `studentWork` above.
  classes: classwork,
  assignments: classwork,
  // Proctors watch attempts (state, times) but never read answers, scores or reviews.
  'assignment-attempts': studentWork({ student: 'own' }, { proctor: 'own-school' }),
  'assignment-results': studentWork({ student: 'own' }),
  'assignment-scores': studentWork({}),
  'assignment-reviewer-results': studentWork({
    admin: 'own-school',
    manager: 'own-school',
    teacher: 'own-school',
  }),
  'assignment-reviewer-scores': studentWork({}),
  'assignment-comments': studentWork({
    admin: 'own-school',
    manager: 'own-school',
    teacher: 'own-school',
    student: 'own',
  }),
};
