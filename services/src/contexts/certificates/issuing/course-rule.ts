import { certificateConditions, shouldIssue, type IssueType, type StudentStanding } from './issue-rule';

/**
 * When a course's certificate is earned. Pure, so every case is a unit test.
 *
 * Students reach a course's lessons and quizzes through assignments (docs/authoring.md), so the
 * assignments linked by the course's published materials are what can be finished; a material without
 * an assignment tracks nothing and counts for nothing. A student has finished the course when they
 * have finished every one of those assignments (finished as for an assignment's certificate:
 * issuing/standing.ts). A course without any such assignment is never finished.
 *
 * The course's standing is then its assignments' together: the sum of the scores (null while none is
 * calculated) against the sum of their maximums, and the course's own issue type and conditions
 * (`settings.certificate.issue_type`, `settings.scenario_settings.conditions`, the same form as an
 * assignment's) decide, by the assignment's rule (issue-rule.ts).
 */
export function courseStanding(assignments: readonly StudentStanding[]): StudentStanding {
  const scored = assignments.filter((a) => a.score !== null);
  return {
    finished: assignments.length > 0 && assignments.every((a) => a.finished),
    score: scored.length === 0 ? null : scored.reduce((sum, a) => sum + (a.score ?? 0), 0),
    maxPoints: assignments.reduce((sum, a) => sum + a.maxPoints, 0),
  };
}

const ISSUE_TYPES = new Set<string>(['auto-all', 'auto-conditions', 'manual']);

/** The course's issue type from its free-form settings; the specification's default is auto-conditions. */
export function courseIssueType(settings: unknown): IssueType {
  const type = (settings as { certificate?: { issue_type?: unknown } } | null)?.certificate?.issue_type;
  return typeof type === 'string' && ISSUE_TYPES.has(type) ? (type as IssueType) : 'auto-conditions';
}

export function courseEarned(settings: unknown, assignments: readonly StudentStanding[]): boolean {
  const conditions = (settings as { scenario_settings?: { conditions?: unknown } } | null)?.scenario_settings
    ?.conditions;
  return shouldIssue(
    courseIssueType(settings),
    certificateConditions(Array.isArray(conditions) ? conditions : []),
    courseStanding(assignments),
  );
}
