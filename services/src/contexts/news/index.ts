import type { BoundedContext } from '../../platform/context';
import { newsRecordAccess, newsRouteAccess } from './access-rules';
import { newsRecords } from './collections';
import { newsRoutes } from './routes';

/** The school's news (001 §3 "Record"): items published by the school's staff, read by its people. */
export const newsContext: BoundedContext = {
  name: 'news',
  routeAccess: newsRouteAccess,
  recordAccess: newsRecordAccess,
  migrations: { '1790_news_records': newsRecords.migration },
  projections: [newsRecords.projection],
  routes: (app, services) => newsRoutes(app, services),
};
