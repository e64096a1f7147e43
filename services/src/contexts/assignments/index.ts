import type { BoundedContext } from '../../platform/context';
import { assignmentsProjection } from './read-model/projection';
import { assignmentsMigrations } from './read-model/tables';
import { runCode } from '../authoring/code-runner/run-code';
import { assignmentsRoutes } from './routes';
import { seedAssignmentsDemo } from './seed';
import { seedDemoHistory } from './demo-history/seed-history';
import { launchLinksProjection } from './launch-links/link-projection';
import { launchLinkRoutes } from './launch-links/link-routes';
import { launchLinksMigrations } from './launch-links/link-table';
import { assignmentsRouteAccess, assignmentsRecordAccess } from './access-rules';

/** Classes, assignments, and the students' attempts, results, scores, reviews and comments. */
export const assignmentsContext: BoundedContext = {
  name: 'assignments',
  routeAccess: assignmentsRouteAccess,
  recordAccess: assignmentsRecordAccess,
  migrations: { ...assignmentsMigrations, ...launchLinksMigrations },
  projections: [assignmentsProjection, launchLinksProjection],
  // Code questions are graded at once by the sandboxed code runner (docs/code-runner.md).
  routes: async (app, services) => {
    await assignmentsRoutes(app, services, { runCode: (submission) => runCode(submission) });
    // The launch link an assignment's staff post on the school's own site (/session/assignment/{token}).
    launchLinkRoutes(app, services);
  },
  // The demo class, then a few weeks of its past proctored exams (after authoring's demo quiz).
  seed: async (services) => {
    await seedAssignmentsDemo(services);
    await seedDemoHistory(services);
  },
};
