import { fileURLToPath } from 'node:url';
import type { BoundedContext } from '../../platform/context';
import { analyticsQueries } from './queries/collection';
import { seedAnalyticsDemo } from './queries/demo-seed';
import { analyticsRoutes } from './routes';
import { analyticsRouteAccess, analyticsRecordAccess } from './access-rules';

/**
 * Analytics for analysts: the SQL console over ClickHouse (one school's rows only), saved queries and
 * the dashboard. See docs/analytics.md.
 */
export const analyticsContext: BoundedContext = {
  name: 'analytics',
  /** ClickHouse: the attempts table of the dashboards and the console, filled from `events`. */
  analyticsMigrations: fileURLToPath(new URL('./analytics-migrations/', import.meta.url)),
  routeAccess: analyticsRouteAccess,
  recordAccess: analyticsRecordAccess,
  migrations: { '1000_analytics_queries': analyticsQueries.migration },
  projections: [analyticsQueries.projection],
  routes: (app, services) => analyticsRoutes(app, services),
  seed: (services) => seedAnalyticsDemo(services),
};
