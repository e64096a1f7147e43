import type { BoundedContext } from '../../platform/context';
import { certificatesProjection } from './read-model/projection';
import { certificatesMigrations } from './read-model/tables';
import { certificatesRoutes } from './routes';
import { seedCertificatesDemo } from './seed';
import { certificatesRouteAccess, certificatesRecordAccess } from './access-rules';

/**
 * Certificate templates, the certificates issued from them (automatically by the assignments'
 * settings through a process manager, or by the teacher), and their rendering. See docs/certificates.md.
 */
export const certificatesContext: BoundedContext = {
  name: 'certificates',
  routeAccess: certificatesRouteAccess,
  recordAccess: certificatesRecordAccess,
  migrations: certificatesMigrations,
  projections: [certificatesProjection],
  routes: (app, services) => certificatesRoutes(app, services),
  seed: (services) => seedCertificatesDemo(services),
};
