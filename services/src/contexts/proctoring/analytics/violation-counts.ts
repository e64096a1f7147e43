import { PROCTORING_VIOLATIONS } from '@sabaq/events';
import type { AnalyticsStore } from '../../../platform/ports/analytics';

/** A condition (docs/proctoring.md "Conditions") counts once, by its attempt and id; a point signal once. */
const ONE_PER_INTERVAL = `if(condition_id = '', action_id, concat('condition:', attempt_id, ':', condition_id))`;

export interface ViolationCount {
  action_type: string;
  /** Point signals, and conditions once each however many phases they sent. */
  actions: number;
  attempts: number;
}

/**
 * Violations per type of one school (optionally one assignment) from ClickHouse's proctoring_actions,
 * FINAL so that replayed copies count once. The school is always a parameter taken from the caller,
 * never from the request. The vocabulary's violation types are passed in, so a type added to the
 * contract needs no new migration.
 */
export async function violationCounts(
  analytics: AnalyticsStore,
  schoolId: string,
  assignmentId?: string,
): Promise<ViolationCount[]> {
  const rows = await analytics.query<{ action_type: string; actions: string; attempts: string }>(
    `SELECT action_type, uniqExact(${ONE_PER_INTERVAL}) AS actions, uniqExact(attempt_id) AS attempts
       FROM proctoring_actions FINAL
      WHERE school_id = {school:String}
        AND action_type IN {types:Array(String)}
        AND ({assignment:String} = '' OR assignment_id = {assignment:String})
      GROUP BY action_type
      ORDER BY actions DESC, action_type`,
    { school: schoolId, types: [...PROCTORING_VIOLATIONS], assignment: assignmentId ?? '' },
  );
  return rows.map((r) => ({
    action_type: r.action_type,
    actions: Number(r.actions),
    attempts: Number(r.attempts),
  }));
}

export interface HourlyViolations {
  hour: string;
  action_type: string;
  actions: number;
  attempts: number;
}

/**
 * Violations per hour and type of one school (optionally one assignment), from the hourly aggregate:
 * sets of action ids, so replays never inflate the counts and no FINAL is needed.
 */
export async function violationsPerHour(
  analytics: AnalyticsStore,
  schoolId: string,
  assignmentId?: string,
): Promise<HourlyViolations[]> {
  const rows = await analytics.query<{
    hour: string;
    action_type: string;
    actions: string;
    attempts: string;
  }>(
    `SELECT hour, action_type, uniqExactMerge(actions) AS actions, uniqExactMerge(attempts) AS attempts
       FROM proctoring_actions_hourly
      WHERE school_id = {school:String}
        AND action_type IN {types:Array(String)}
        AND ({assignment:String} = '' OR assignment_id = {assignment:String})
      GROUP BY hour, action_type
      ORDER BY hour, action_type`,
    { school: schoolId, types: [...PROCTORING_VIOLATIONS], assignment: assignmentId ?? '' },
  );
  return rows.map((r) => ({
    hour: r.hour,
    action_type: r.action_type,
    actions: Number(r.actions),
    attempts: Number(r.attempts),
  }));
}
