import type { BoundedContext } from '../../platform/context';
import { tasksProjection } from './read-model/projection';
import { tasksMigrations } from './read-model/tables';
import { tasksRealtime } from './realtime';
import { tasksRoutes } from './routes';
import { tasksRouteAccess, tasksRecordAccess } from './access-rules';

/** Background tasks: the task panel's tasks, their worker, and the results export. See docs/tasks.md. */
export const tasksContext: BoundedContext = {
  name: 'tasks',
  routeAccess: tasksRouteAccess,
  recordAccess: tasksRecordAccess,
  migrations: tasksMigrations,
  projections: [tasksProjection],
  routes: async (app, services) => {
    await tasksRoutes(app, services);
  },
  realtime: (services) => tasksRealtime(services),
};
