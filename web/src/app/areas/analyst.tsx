import type { ComponentType } from 'react';
import { ConsolePage, DashboardsPage, QueriesPage } from '../../features/analytics';

/**
 * The analyst's area (/an): dashboards, the SQL console and saved queries. Its charts (recharts) are
 * in this module only, so no other area and not the first page download them.
 */
export const pages: Record<string, ComponentType> = {
  dashboards: DashboardsPage,
  console: ConsolePage,
  queries: QueriesPage,
};
