import { only, type RouteAccessTable } from '../../platform/http/route-access';
import { groups, type AccessTable } from '../../platform/http/records/access';

/** Who may call each of this context's routes that is not a record collection's (route-access.ts). */
export const analyticsRouteAccess: RouteAccessTable = {
  // The analysts' console and dashboard (contexts/analytics): always the caller's school.
  'POST /api/analytics/query': only('analyst', 'admin', 'manager'),
  'GET /api/analytics/dashboard': only('analyst', 'admin', 'manager'),
};

/** Who may do what with this context's record collections: collection × action × group → rule. */
export const analyticsRecordAccess: AccessTable = {
  // Saved console queries (contexts/analytics): the school's analysts, admins and managers read all of
  // the school's and save their own; only the author edits or deletes one.
  'analytics-queries': {
    list: groups('none', { analyst: 'own-school', admin: 'own-school', manager: 'own-school' }),
    get: groups('none', { analyst: 'own-school', admin: 'own-school', manager: 'own-school' }),
    create: groups('none', { analyst: 'own-school', admin: 'own-school', manager: 'own-school' }),
    update: groups('none', { analyst: 'own', admin: 'own', manager: 'own' }),
    delete: groups('none', { analyst: 'own', admin: 'own', manager: 'own' }),
  },
};
