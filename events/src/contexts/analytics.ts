import { z } from 'zod';
import { defineContract } from '../registry';
import { recordEvents } from './reference';

/**
 * Analytics: the analysts' saved console queries. Each is its own stream `analytics_query-<id>` with
 * Created / Updated / Deleted events (the record API's), so two analysts editing two queries never conflict.
 * The SQL is checked when it runs, not when it is saved (the tables it may read can change).
 */
export const CHART_TYPES = ['table', 'bar', 'line', 'pie'] as const;

/** Columns are named as the query answers them; x and y say which to plot (none for a table). */
const columnName = z.string().trim().min(1).max(200).nullable().optional();
export const analyticsChartSchema = z.strictObject({
  type: z.enum(CHART_TYPES),
  x: columnName,
  y: columnName,
});

export const analyticsQuerySchema = z.object({
  name: z.string().trim().min(1).max(200),
  sql: z.string().trim().min(1).max(20_000),
  chart: analyticsChartSchema.default({ type: 'table' }),
});
export type AnalyticsQueryRecord = z.infer<typeof analyticsQuerySchema>;

export const AnalyticsQueryEvents = recordEvents('AnalyticsQuery', analyticsQuerySchema);

export const analyticsContract = defineContract({
  context: 'analytics',
  categories: ['analytics_query'],
  events: [AnalyticsQueryEvents.created, AnalyticsQueryEvents.updated, AnalyticsQueryEvents.deleted],
});
