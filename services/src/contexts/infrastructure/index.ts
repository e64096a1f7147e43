import type { Migration } from 'kysely';
import type { BoundedContext } from '../../platform/context';
import { infrastructureCollections } from './collections';
import { infrastructureRoutes } from './routes';
import { infrastructureRouteAccess, infrastructureRecordAccess } from './access-rules';

/** Infrastructure: a school's webinar and processing servers and external S3 storages, with their checks. */
export const infrastructureContext: BoundedContext = {
  name: 'infrastructure',
  routeAccess: infrastructureRouteAccess,
  recordAccess: infrastructureRecordAccess,
  migrations: Object.fromEntries(
    infrastructureCollections.map((c, i) => [
      `1200_infrastructure_${String(i).padStart(2, '0')}_${c.collection.name}`,
      c.migration,
    ]),
  ) as Record<string, Migration>,
  projections: infrastructureCollections.map((c) => c.projection),
  routes: (app, services) => infrastructureRoutes(app, services),
};
