/**
 * The PostgreSQL read models the dashboard reads (analytics has none of its own: its figures live in
 * ClickHouse). Each is another context's published table; only the columns read are declared.
 */
export interface AnalyticsReadTables {
  /** Assignments' assignments (assignments/read-model/tables.ts). */
  assignments_assignments: { id: string; school_id: string | null; name: string; deleted: boolean };
}

/** Assignments' attempts (assignments/read-model/tables.ts), joined in raw SQL with proctoring_timelines. */
export const ATTEMPTS_TABLE = 'assignments_attempts';
