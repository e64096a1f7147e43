import type { RouteAccessTable } from '../../platform/http/route-access';
import { groups, type AccessTable } from '../../platform/http/records/access';

/** The news context has no routes besides its record collection. */
export const newsRouteAccess: RouteAccessTable = {};

/**
 * The school's news: everyone of the school reads (what they see of drafts and unlisted items is
 * narrowed in routes.ts, which the per-collection table cannot say); the school's admins and managers
 * publish, edit and remove. Another school's items are absent (404).
 */
const everyoneOfTheSchool = groups('own-school');
const schoolStaff = groups('none', { admin: 'own-school', manager: 'own-school' });

export const newsRecordAccess: AccessTable = {
  records: {
    list: everyoneOfTheSchool,
    get: everyoneOfTheSchool,
    create: schoolStaff,
    update: schoolStaff,
    delete: schoolStaff,
  },
};
