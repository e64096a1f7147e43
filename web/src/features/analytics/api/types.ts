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
  x?: string;
  y?: string;
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
  name: string;
  attempts: number;
  violations: number;
}

/** `bucket` 0 is a credibility of 0–9 points, … 9 is 90–100. */
export interface CredibilityBucket {
  bucket: number;
  attempts: number;
}

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
