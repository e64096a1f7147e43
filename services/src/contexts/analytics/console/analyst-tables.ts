/**
 * The tables an analyst may name in the console, each answered by a view of one school: the query runs
 * under a WITH clause that defines every name below as a subquery of the underlying table filtered by
 * `school_id = {sabaq_school:String}`, so whatever the analyst writes, a name resolves to their school's
 * rows (ClickHouse resolves a name to the nearest common table expression before any table, in every
 * subquery, UNION branch and IN set, and the analyst may not declare one of these names: ast-check.ts).
 * The views also fold what the storage keeps for merging (FINAL, aggregate states), so the analyst reads
 * plain rows and plain counts. docs/analytics.md lists the columns.
 */
export interface AnalystTable {
  /** The table underneath, in the analytics database. */
  source: string;
  /** The view's SELECT, `{table}` standing for the quoted database and table. */
  view: string;
}

export const SCHOOL_PARAM = 'sabaq_school';
const school = `school_id = {${SCHOOL_PARAM}:String}`;

export const ANALYST_TABLES: Record<string, AnalystTable> = {
  proctoring_actions: {
    source: 'proctoring_actions',
    view: `SELECT * FROM {table} FINAL WHERE ${school}`,
  },
  proctoring_activities: {
    source: 'proctoring_activities',
    view: `SELECT * FROM {table} FINAL WHERE ${school}`,
  },
  proctoring_actions_hourly: {
    source: 'proctoring_actions_hourly',
    view: `SELECT school_id, assignment_id, hour, action_type,
                  uniqExactMerge(actions) AS actions, uniqExactMerge(attempts) AS attempts
             FROM {table} WHERE ${school}
            GROUP BY school_id, assignment_id, hour, action_type`,
  },
  assignment_attempts: {
    source: 'assignment_attempts',
    view: `SELECT school_id, assignment_id, attempt_id, student_id,
                  min(started_at) AS started_at, max(finished_at) AS finished_at,
                  if(finished_at IS NULL OR started_at IS NULL, NULL,
                     dateDiff('second', started_at, finished_at)) AS duration_seconds
             FROM {table} WHERE ${school}
            GROUP BY school_id, assignment_id, attempt_id, student_id`,
  },
  // The shop's orders, payments and refunds (contexts/shop/analytics-migrations, docs/shop.md).
  shop_order_events: {
    source: 'shop_order_events',
    view: `SELECT * FROM {table} FINAL WHERE ${school}`,
  },
};

export const ANALYST_TABLE_NAMES = new Set(Object.keys(ANALYST_TABLES));

/** `WITH name AS (view), …` for every analyst table, reading the tables of `database`. */
export function schoolViews(database: string): string {
  const quotedDb = quoteName(database);
  return Object.entries(ANALYST_TABLES)
    .map(([name, t]) => `${name} AS (${t.view.replace('{table}', `${quotedDb}.${quoteName(t.source)}`)})`)
    .join(',\n');
}

function quoteName(name: string): string {
  return '`' + name.replace(/\\/g, '\\\\').replace(/`/g, '\\`') + '`';
}
