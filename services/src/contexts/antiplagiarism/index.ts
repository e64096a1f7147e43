import type { BoundedContext } from '../../platform/context';
import { registerCollections } from '../../platform/http/records/routes';
import { groupsCollection, groupsMigration, groupsProjection } from './groups/collection';
import { reportsProjection } from './report/projection';
import { reportRoutes } from './report/report-routes';
import { reportsMigration } from './report/tables';
import { antiplagiarismRecordAccess, antiplagiarismRouteAccess } from './access-rules';

/**
 * Anti-plagiarism: the groups of classes whose work is compared, and the reports of checks. The check
 * itself is a task kind (contexts/tasks/antiplagiarism-check). See docs/antiplagiarism.md.
 */
export const antiplagiarismContext: BoundedContext = {
  name: 'antiplagiarism',
  routeAccess: antiplagiarismRouteAccess,
  recordAccess: antiplagiarismRecordAccess,
  migrations: {
    '1400_antiplagiarism_groups': groupsMigration,
    '1410_antiplagiarism_reports': reportsMigration,
  },
  projections: [groupsProjection, reportsProjection],
  routes: async (app, services) => {
    await registerCollections(app, services, [groupsCollection], antiplagiarismRecordAccess);
    reportRoutes(app, services);
  },
};
