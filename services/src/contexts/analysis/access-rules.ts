import { only, type RouteAccessTable } from '../../platform/http/route-access';
import { groups, type AccessTable } from '../../platform/http/records/access';

/** Those who watch attempts: the school's proctors and staff. */
const proctoringWatchers = only('proctor', 'teacher', 'manager', 'admin');

/** Who may call each of this context's routes that is not a record collection's (route-access.ts). */
export const analysisRouteAccess: RouteAccessTable = {
  // AI reports (docs/ai-analysis.md): thumbnails for the school's staff, analysis asked for by the
  // assignment's watchers; the routes check the school and the assignment.
  'GET /api/ai-reports/:id/thumbs/:file': proctoringWatchers,
  'POST /api/ai-reports/:id/rerun': proctoringWatchers,
  'POST /api/ai-reports/request.json': proctoringWatchers,
};

/** Who may do what with this context's record collections: collection × action × group → rule. */
export const analysisRecordAccess: AccessTable = {
  // AI reports (contexts/analysis): made by the analyzer only; the school's staff and proctors read them.
  'ai-reports': {
    list: groups('none', {
      admin: 'own-school',
      manager: 'own-school',
      teacher: 'own-school',
      proctor: 'own-school',
    }),
    get: groups('none', {
      admin: 'own-school',
      manager: 'own-school',
      teacher: 'own-school',
      proctor: 'own-school',
    }),
    create: groups('none'),
    update: groups('none'),
    delete: groups('none'),
  },
};
