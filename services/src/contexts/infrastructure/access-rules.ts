import { only, type RouteAccessTable } from '../../platform/http/route-access';
import { schoolStaff, sameForEveryAction, type AccessTable } from '../../platform/http/records/access';

/** Who may call each of this context's routes that is not a record collection's (route-access.ts). */
export const infrastructureRouteAccess: RouteAccessTable = {
  // Servers and storages (contexts/infrastructure): checks of the school's records and the platform's own.
  'POST /api/webinar-servers/:id/check.json': only('admin', 'manager'),
  'POST /api/storages/:id/check.json': only('admin', 'manager'),
  'GET /api/infrastructure/platform.json': only('admin', 'manager'),
};

/** Who may do what with this context's record collections: collection × action × group → rule. */
export const infrastructureRecordAccess: AccessTable = {
  // Servers and storages (contexts/infrastructure, docs/infrastructure.md): a school's managers and admins
  // only; nobody else sees them, and another school's are absent.
  ...Object.fromEntries(
    ['webinar-servers', 'storages'].map((name) => [name, sameForEveryAction(schoolStaff)]),
  ),
};
