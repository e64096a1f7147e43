import { sql } from 'kysely';
import { withTables, type ReadModelDb } from '../../../platform/read-models/database';
import type { Scope } from './clickhouse-figures';
import { ATTEMPTS_TABLE, type AnalyticsReadTables } from './read-model-tables';

/** The credibility histogram has these buckets always, empty ones at 0, so charts keep their axis. */
export const CREDIBILITY_BUCKETS = 10;

/**
 * Credibility of the attempts finished in the range, in buckets of 10 points (9 = 90–100), from the
 * PostgreSQL read model: the score is proctoring's (proctoring_timelines.score), and it changes after
 * the fact, with every review and every rebuild, so the read model holds the current one and ClickHouse
 * would only hold a copy to keep in step. An attempt without a timeline had no signal: 100.
 */
export async function credibilityBuckets(db: ReadModelDb, scope: Scope) {
  const { rows } = await sql<{ bucket: number; attempts: string }>`
    SELECT LEAST(FLOOR(COALESCE(t.score, 100) / 10), 9)::int AS bucket, COUNT(*) AS attempts
      FROM ${sql.table(ATTEMPTS_TABLE)} a
      LEFT JOIN proctoring_timelines t ON t.assignment_attempt_id = a.id
     WHERE a.school_id = ${scope.schoolId}
       AND a.deleted = false
       AND a.finished_at >= ${scope.range.from} AND a.finished_at < ${scope.range.to}
       AND (${scope.assignmentId}::text = '' OR a.assignment_id = ${scope.assignmentId}::text)
     GROUP BY 1`.execute(db);
  const counts = new Map(rows.map((r) => [Number(r.bucket), Number(r.attempts)]));
  return Array.from({ length: CREDIBILITY_BUCKETS }, (_, bucket) => ({
    bucket,
    attempts: counts.get(bucket) ?? 0,
  }));
}

/** Names of the school's assignments, by id (deleted ones too: their figures still count). */
export async function assignmentNames(db: ReadModelDb, schoolId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await withTables<AnalyticsReadTables>(db)
    .selectFrom('assignments_assignments')
    .select(['id', 'name'])
    .where('school_id', '=', schoolId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** True when the assignment exists in the school and is not deleted. */
export async function schoolHasAssignment(db: ReadModelDb, schoolId: string, id: string): Promise<boolean> {
  const row = await withTables<AnalyticsReadTables>(db)
    .selectFrom('assignments_assignments')
    .select('id')
    .where('id', '=', id)
    .where('school_id', '=', schoolId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  return row !== undefined;
}
