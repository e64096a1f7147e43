import type { BoundedContext } from '..';
import { assignmentsProjection } from './read-model/projection';
import { assignmentsMigrations } from './read-model/tables';
import { runCode } from '../authoring/code-runner/run-code';
import { assignmentsRoutes } from './routes';
import { seedAssignmentsDemo } from './seed';

/** Classes, assignments, and the students' attempts, results, scores, reviews and comments. */
export const assignmentsContext: BoundedContext = {
  name: 'assignments',
  migrations: assignmentsMigrations,
  projections: [assignmentsProjection],
  // Code questions are graded at once by the sandboxed code runner (docs/code-runner.md).
  routes: (app, services) =>
    assignmentsRoutes(app, services, { runCode: (submission) => runCode(submission) }),
  seed: (services) => seedAssignmentsDemo(services),
};
