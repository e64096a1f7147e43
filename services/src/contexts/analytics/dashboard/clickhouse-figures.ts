import { PROCTORING_VIOLATIONS } from '@sabaq/events';
import type { AnalyticsStore } from '../../../platform/ports/analytics';
import type { DashboardRange } from './range';

export interface Scope {
  schoolId: string;
  range: DashboardRange;
  /** '' for the whole school. */
  assignmentId: string;
}

/** Minutes per bucket of the time-to-finish histogram. */
export const FINISH_BUCKET_MINUTES = 5;

const params = (scope: Scope) => ({
  school: scope.schoolId,
  from: scope.range.from,
  to: scope.range.to,
  assignment: scope.assignmentId,
  types: [...PROCTORING_VIOLATIONS],
});

// Every figure is one school's (the caller's), never the request's; the violation types are the
// vocabulary's, passed in, so a type added to the contract needs no new query.
const VIOLATIONS_IN_RANGE = `
  FROM proctoring_actions FINAL
 WHERE school_id = {school:String}
   AND occurred_at >= {from:DateTime64(3, 'UTC')} AND occurred_at < {to:DateTime64(3, 'UTC')}
   AND action_type IN {types:Array(String)}
   AND ({assignment:String} = '' OR assignment_id = {assignment:String})`;

/** One attempt per row: its earliest start and latest finish (the table keeps them as partial rows). */
const ATTEMPTS = `
  SELECT assignment_id, attempt_id, min(started_at) AS started, max(finished_at) AS finished
    FROM assignment_attempts
   WHERE school_id = {school:String}
     AND ({assignment:String} = '' OR assignment_id = {assignment:String})
   GROUP BY assignment_id, attempt_id`;

type Counted = { actions: string; attempts: string };

/**
 * A violation counted as the proctor's timeline counts it: a lasting condition (its begin, heartbeats and
 * end: docs/proctoring.md "Conditions") once by its attempt and id, a point signal once.
 */
const VIOLATIONS = `uniqExact(if(condition_id = '', action_id, concat('condition:', attempt_id, ':', condition_id)))`;

export async function violationsByDay(analytics: AnalyticsStore, scope: Scope) {
  const rows = await analytics.query<Counted & { day: string; action_type: string }>(
    `SELECT toString(toDate(occurred_at)) AS day, action_type,
            ${VIOLATIONS} AS actions, uniqExact(attempt_id) AS attempts
     ${VIOLATIONS_IN_RANGE}
      GROUP BY day, action_type
      ORDER BY day, action_type`,
    params(scope),
  );
  return rows.map((r) => ({
    day: r.day,
    action_type: r.action_type,
    actions: Number(r.actions),
    attempts: Number(r.attempts),
  }));
}

export async function violationsByType(analytics: AnalyticsStore, scope: Scope) {
  const rows = await analytics.query<Counted & { action_type: string }>(
    `SELECT action_type, ${VIOLATIONS} AS actions, uniqExact(attempt_id) AS attempts
     ${VIOLATIONS_IN_RANGE}
      GROUP BY action_type
      ORDER BY actions DESC, action_type`,
    params(scope),
  );
  return rows.map((r) => ({
    action_type: r.action_type,
    actions: Number(r.actions),
    attempts: Number(r.attempts),
  }));
}

/** Per assignment: attempts started in the range, and violations that occurred in it. */
export async function assignmentFigures(analytics: AnalyticsStore, scope: Scope) {
  const [attempts, violations] = await Promise.all([
    analytics.query<{ assignment_id: string; attempts: string }>(
      `SELECT assignment_id, count() AS attempts
         FROM (${ATTEMPTS})
        WHERE started >= {from:DateTime64(3, 'UTC')} AND started < {to:DateTime64(3, 'UTC')}
        GROUP BY assignment_id`,
      params(scope),
    ),
    analytics.query<{ assignment_id: string; violations: string }>(
      `SELECT assignment_id, ${VIOLATIONS} AS violations ${VIOLATIONS_IN_RANGE} GROUP BY assignment_id`,
      params(scope),
    ),
  ]);
  const figures = new Map<string, { attempts: number; violations: number }>();
  const entry = (id: string) => {
    let found = figures.get(id);
    if (!found) figures.set(id, (found = { attempts: 0, violations: 0 }));
    return found;
  };
  for (const r of attempts) entry(r.assignment_id).attempts = Number(r.attempts);
  for (const r of violations) entry(r.assignment_id).violations = Number(r.violations);
  return figures;
}

/** Attempts finished in the range, by whole minutes from start to finish, in buckets of 5 minutes. */
export async function timeToFinish(analytics: AnalyticsStore, scope: Scope) {
  const rows = await analytics.query<{ minutes_bucket: string; attempts: string }>(
    `SELECT intDiv(greatest(dateDiff('second', started, finished), 0), {bucket:UInt32} * 60) * {bucket:UInt32}
              AS minutes_bucket,
            count() AS attempts
       FROM (${ATTEMPTS})
      WHERE started IS NOT NULL AND finished IS NOT NULL
        AND finished >= {from:DateTime64(3, 'UTC')} AND finished < {to:DateTime64(3, 'UTC')}
      GROUP BY minutes_bucket
      ORDER BY minutes_bucket`,
    { ...params(scope), bucket: FINISH_BUCKET_MINUTES },
  );
  return rows.map((r) => ({ minutes_bucket: Number(r.minutes_bucket), attempts: Number(r.attempts) }));
}
