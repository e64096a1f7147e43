import { AnalyticsQueryEvents, analyticsQuerySchema } from '@sabaq/events';
import { defineCollection } from '../../../platform/http/records/define';
import type { Row } from '../../../platform/http/records/collection';

/**
 * Saved console queries (`/api/analytics-queries`): the record API over the AnalyticsQuery events, so
 * every write is an event on the query's stream and every read comes from the projection's table. Who
 * sees and edits which is the access table's (records/access.ts): the school's analysts (and admins,
 * managers) read all of the school's, the author edits and deletes their own. `chart` is kept as JSON
 * text (the record table's columns are text, integer or boolean).
 */
export const analyticsQueries = defineCollection({
  context: 'analytics',
  name: 'analytics-queries',
  category: 'analytics_query',
  schema: analyticsQuerySchema,
  events: {
    created: AnalyticsQueryEvents.created.type,
    updated: AnalyticsQueryEvents.updated.type,
    deleted: AnalyticsQueryEvents.deleted.type,
  },
  columns: { name: 'text', sql: 'text', chart: 'text' },
  filters: { owner_id: 'string' },
  sortable: ['id', 'name', 'created_at', 'updated_at'],
  defaultOrder: { field: 'name', direction: 'asc' },
  schoolScoped: true,
  toEntity: savedQueryEntity,
});

export function savedQueryEntity(row: Row): Record<string, unknown> {
  return {
    id: row.id,
    name: row.name,
    sql: row.sql,
    chart: parseChart(row.chart),
    created_by: row.owner_id ?? null,
    school_id: row.school_id ?? null,
    created_at: row.created_at ?? null,
    updated_at: row.updated_at ?? null,
  };
}

function parseChart(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? { type: 'table' };
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return { type: 'table' };
  }
}
