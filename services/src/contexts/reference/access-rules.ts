import { signedIn, type RouteAccessTable } from '../../platform/http/route-access';
import { adminCurated, seededOnly, type AccessTable } from '../../platform/http/records/access';

/** Who may call each of this context's routes that is not a record collection's (route-access.ts). */
export const referenceRouteAccess: RouteAccessTable = {
  // Enumerations (reference context).
  'GET /api/enums.json': signedIn,
  'GET /api/enum/:name': signedIn,
};

/** Who may do what with this context's record collections: collection × action × group → rule. */
export const referenceRecordAccess: AccessTable = {
  regions: adminCurated,
  cities: adminCurated,
  countries: adminCurated,
  counties: adminCurated,
  timezones: seededOnly,
  languages: seededOnly,
};
