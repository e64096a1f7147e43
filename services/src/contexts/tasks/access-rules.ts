import { only, signedIn, type RouteAccessTable } from '../../platform/http/route-access';
import { groups, type AccessTable } from '../../platform/http/records/access';

/** The staff of a school; routes about an assignment narrow this to its teacher themselves. */
const assignmentStaff = only('admin', 'manager', 'teacher');

/** Who may call each of this context's routes that is not a record collection's (route-access.ts). */
export const tasksRouteAccess: RouteAccessTable = {
  // Background tasks (contexts/tasks): the owner's own task (the route checks it); an assignment's
  // teachers and the school's staff export its results.
  'POST /api/tasks/:id/suspend.json': signedIn,
  'POST /api/tasks/:id/start.json': signedIn,
  'POST /api/tasks/:id/abort.json': signedIn,
  'GET /api/tasks/:id/download': signedIn,
  'POST /api/assignments/:id/results/export.json': assignmentStaff,
  // Anti-plagiarism checks (docs/antiplagiarism.md): the assignment's staff; the routes check which.
  'POST /api/assignments/:id/antiplagiarism/check.json': assignmentStaff,
  // A school's admins and managers import its students from a table (a task in their school).
  'POST /api/students/import.json': only('admin', 'manager'),
  // The import wizards keep the file first (its first lines answer the mapping step); a quiz's
  // editors import questions into it (the route checks the quiz).
  'POST /api/imports/upload.json': assignmentStaff,
  'POST /api/quiz/:id/import.json': assignmentStaff,
};

/** Who may do what with this context's record collections: collection × action × group → rule. */
export const tasksRecordAccess: AccessTable = {
  // Background tasks (contexts/tasks): everybody reads their own; they are made by the routes that
  // start them (a results export) and changed only by their actions.
  tasks: {
    list: groups('own'),
    get: groups('own'),
    create: groups('none'),
    update: groups('none'),
    delete: groups('none'),
  },
};
