import type { ChartSettings } from '../api/types';

export interface ExampleQuery {
  /** Names the example's title in the texts (analytics.examples.<key>). */
  key: 'byType' | 'perDay' | 'attempts' | 'hourly' | 'sources';
  sql: string;
  chart: ChartSettings;
}

/**
 * Queries to start from, over the tables the console reads (services/src/platform/analytics/migrations).
 * The server keeps every query inside the analyst's school, so none names a school.
 */
export const EXAMPLE_QUERIES: ExampleQuery[] = [
  {
    key: 'byType',
    sql: `SELECT action_type, count() AS actions, uniqExact(attempt_id) AS attempts
FROM proctoring_actions FINAL
GROUP BY action_type
ORDER BY actions DESC`,
    chart: { type: 'bar', x: 'action_type', y: 'actions' },
  },
  {
    key: 'perDay',
    sql: `SELECT toDate(occurred_at) AS day, count() AS actions
FROM proctoring_actions FINAL
WHERE occurred_at >= now() - INTERVAL 30 DAY
GROUP BY day
ORDER BY day`,
    chart: { type: 'line', x: 'day', y: 'actions' },
  },
  {
    key: 'attempts',
    sql: `SELECT attempt_id, student_id,
       countIf(is_warning = 0) AS violations,
       countIf(is_warning = 1) AS warnings
FROM proctoring_actions FINAL
GROUP BY attempt_id, student_id
ORDER BY violations DESC
LIMIT 20`,
    chart: { type: 'table' },
  },
  {
    key: 'hourly',
    sql: `SELECT hour, uniqExactMerge(actions) AS actions, uniqExactMerge(attempts) AS attempts
FROM proctoring_actions_hourly
GROUP BY hour
ORDER BY hour`,
    chart: { type: 'line', x: 'hour', y: 'actions' },
  },
  {
    key: 'sources',
    sql: `SELECT source, count() AS actions
FROM proctoring_actions FINAL
GROUP BY source`,
    chart: { type: 'pie', x: 'source', y: 'actions' },
  },
];
