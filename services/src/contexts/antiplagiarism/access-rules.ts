import { only, type RouteAccessTable } from '../../platform/http/route-access';
import { groups, schoolStaff, type AccessTable } from '../../platform/http/records/access';

/** The staff of a school; routes about an assignment narrow this to its teacher themselves. */
const assignmentStaff = only('admin', 'manager', 'teacher');

/** Who may call each of this context's routes that is not a record collection's (route-access.ts). */
export const antiplagiarismRouteAccess: RouteAccessTable = {
  'GET /api/antiplagiarism/reports/:task': assignmentStaff,
  'GET /api/antiplagiarism/reports/:task/answers/:key': assignmentStaff,
};

/** Who may do what with this context's record collections: collection × action × group → rule. */
export const antiplagiarismRecordAccess: AccessTable = {
  // Anti-plagiarism groups (contexts/antiplagiarism): named by a school's managers and admins; its
  // teachers read them (a check compares the classes of a group).
  'antiplagiarism-groups': {
    list: groups('none', { admin: 'own-school', manager: 'own-school', teacher: 'own-school' }),
    get: groups('none', { admin: 'own-school', manager: 'own-school', teacher: 'own-school' }),
    create: schoolStaff,
    update: schoolStaff,
    delete: schoolStaff,
  },
};
