/** A column of a query's answer: its name and its ClickHouse type (`UInt64`, `Nullable(String)`, …). */
export interface ResultColumn {
  name: string;
  type: string;
}

/** `POST /api/analytics/query`: the rows as arrays in column order; `truncated` when the server cut them. */
export interface QueryResult {
  columns: ResultColumn[];
  rows: unknown[][];
  row_count: number;
  truncated: boolean;
  elapsed_ms: number;
}

export const CHART_TYPES = ['table', 'bar', 'line', 'pie'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/** How a query's result is drawn: a table only, or a chart of column y against column x. */
export interface ChartSettings {
  type: ChartType;
  /** The label column; none (or null, as the server may keep it) numbers the rows. */
  x?: string | null;
  y?: string | null;
}

/** A saved query of the school (`/api/analytics-queries`, a record collection). */
export interface SavedQuery {
  id: string;
  name: string;
  sql: string;
  chart: ChartSettings;
  created_by: string;
  school_id: string;
  created_at: string;
  updated_at: string;
}

export interface ViolationsByDay {
  day: string;
  action_type: string;
  actions: number;
  attempts: number;
}

export interface ViolationsByType {
  action_type: string;
  actions: number;
  attempts: number;
}

export interface AssignmentViolations {
  assignment_id: string;
  /** Null for an assignment the read model no longer names. */
  name: string | null;
  /** Attempts started in the period. */
  attempts: number;
  violations: number;
}

/** Attempts finished in the period by credibility: `bucket` 0 is 0–9 points, … 9 is 90–100. */
export interface CredibilityBucket {
  bucket: number;
  attempts: number;
}

/** `minutes_bucket` is the bucket's first minute; buckets are FINISH_BUCKET_MINUTES wide. */
export interface FinishTimeBucket {
  minutes_bucket: number;
  attempts: number;
}

/** `GET /api/analytics/dashboard`: the school's proctoring numbers for a period (and an assignment). */
export interface Dashboard {
  violations_by_day: ViolationsByDay[];
  violations_by_type: ViolationsByType[];
  per_assignment: AssignmentViolations[];
  credibility: CredibilityBucket[];
  time_to_finish: FinishTimeBucket[];
}

export interface DashboardFilters {
  /** Days as YYYY-MM-DD, both included. */
  from: string;
  to: string;
  assignment_id?: string;
}
