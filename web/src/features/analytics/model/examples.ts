import type { ChartSettings } from '../api/types';

export interface ExampleQuery {
  /** Names the example's title in the texts (analytics.examples.<key>). */
  key: 'byType' | 'perDay' | 'attempts' | 'hourly' | 'sources' | 'duration';
  sql: string;
  chart: ChartSettings;
}

/**
 * Queries to start from, over the tables the console reads (services/src/platform/analytics/migrations).
 * The server answers every table name with the analyst's school's rows, already merged (no FINAL, no
 * aggregate states), so none names a school.
 */
export const EXAMPLE_QUERIES: ExampleQuery[] = [
  {
    key: 'byType',
    sql: `SELECT action_type, count() AS actions, uniqExact(attempt_id) AS attempts
FROM proctoring_actions
GROUP BY action_type
ORDER BY actions DESC`,
    chart: { type: 'bar', x: 'action_type', y: 'actions' },
  },
  {
    key: 'perDay',
    sql: `SELECT toDate(occurred_at) AS day, count() AS actions
FROM proctoring_actions
WHERE occurred_at >= now() - INTERVAL 30 DAY
GROUP BY day
ORDER BY day`,
    chart: { type: 'line', x: 'day', y: 'actions' },
  },
  {
    key: 'attempts',
    sql: `SELECT attempt_id, student_id, count() AS actions,
       countIf(is_warning = 1) AS warnings
FROM proctoring_actions
GROUP BY attempt_id, student_id
ORDER BY actions DESC
LIMIT 20`,
    chart: { type: 'table' },
  },
  {
    key: 'hourly',
    sql: `SELECT hour, sum(actions) AS actions
FROM proctoring_actions_hourly
GROUP BY hour
ORDER BY hour`,
    chart: { type: 'line', x: 'hour', y: 'actions' },
  },
  {
    key: 'sources',
    sql: `SELECT source, count() AS actions
FROM proctoring_actions
GROUP BY source`,
    chart: { type: 'pie', x: 'source', y: 'actions' },
  },
  {
    key: 'duration',
    sql: `SELECT intDiv(duration_seconds, 300) * 5 AS minutes, count() AS attempts
FROM assignment_attempts
WHERE duration_seconds IS NOT NULL
GROUP BY minutes
ORDER BY minutes`,
    chart: { type: 'bar', x: 'minutes', y: 'attempts' },
  },
];
