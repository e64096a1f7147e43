import { only, type RouteAccessTable } from '../../platform/http/route-access';

/** Students write and read their own telemetry; the assignment's watchers everything of it. */
const proctoringWriters = only('student', 'proctor', 'teacher', 'manager', 'admin');

const proctoringWatchers = only('proctor', 'teacher', 'manager', 'admin');

/** Who may call each of this context's routes that is not a record collection's (route-access.ts). */
export const proctoringRouteAccess: RouteAccessTable = {
  // Proctoring (docs/proctoring.md): the routes check the attempt's student or the assignment's watchers.
  'POST /api/assignment/actions': proctoringWriters,
  'POST /api/assignment/actions/batch': proctoringWriters,
  'POST /api/assignment/activities': only('student'),
  'GET /api/assignment/actions': proctoringWriters,
  'GET /api/assignment/actions/:assignment.json': proctoringWriters,
  'GET /api/assignment/activities': proctoringWriters,
  'GET /api/assignment/activities/:assignment.json': proctoringWriters,
  'GET /api/proctoring/screenshots/:action/:index': proctoringWriters,
  'GET /api/proctoring/timelines/:attempt': proctoringWatchers,
  'POST /api/proctoring/timelines/:attempt/reviews': proctoringWatchers,
  'GET /api/proctoring/review-queue': proctoringWatchers,
  'GET /api/proctoring/roster': proctoringWatchers,
  'GET /api/proctoring/analytics/violations': only('analyst', 'proctor', 'teacher', 'manager', 'admin'),
};
