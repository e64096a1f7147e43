import type { BoundedContext } from '../../platform/context';
import { peopleProjection } from './directory/projection';
import { peopleMigrations } from './directory/table';
import { peopleRoutes } from './routes';
import { peopleRouteAccess, peopleRecordAccess } from './access-rules';

/** The people a school's managers administer: users, students, teachers, proctors. */
export const peopleContext: BoundedContext = {
  name: 'people',
  routeAccess: peopleRouteAccess,
  recordAccess: peopleRecordAccess,
  migrations: peopleMigrations,
  projections: [peopleProjection],
  routes: (app, services) => peopleRoutes(app, services),
};
