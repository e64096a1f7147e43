/**
 * When the assignment's settings issue a certificate by themselves (specification 000 §4: auto-all,
 * auto-conditions, manual). Pure, so every case is a unit test.
 *
 * - manual: never by itself; the teacher issues.
 * - auto-all: once the student has finished (an attempt, or the teacher finished them).
 * - auto-conditions: once finished and every certificate condition holds. Conditions are the entries
 *   of `settings.scenario_settings.conditions` that name `points` (the student's score) or `percent`
 *   (the score against the assignment's maximum); other entries belong to other features and are
 *   ignored. With no such condition, finishing is the condition.
 */
export type IssueType = 'auto-all' | 'auto-conditions' | 'manual';

export interface CertificateCondition {
  variable: 'points' | 'percent';
  operator: '>=' | '>' | '=' | '<=' | '<';
  value: number;
}

export interface StudentStanding {
  finished: boolean;
  /** The student's score (rounded up by the assignments context); null before any is calculated. */
  score: number | null;
  /** The most the assignment's questions can score. */
  maxPoints: number;
}

const OPERATORS = new Set(['>=', '>', '=', '<=', '<']);

/** The certificate conditions among an assignment's scenario conditions (anything else is not ours). */
export function certificateConditions(conditions: readonly unknown[]): CertificateCondition[] {
  const out: CertificateCondition[] = [];
  for (const entry of conditions) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { variable, operator, value } = entry as Record<string, unknown>;
    if (variable !== 'points' && variable !== 'percent') continue;
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    const op = typeof operator === 'string' && OPERATORS.has(operator) ? operator : '>=';
    out.push({ variable, operator: op as CertificateCondition['operator'], value });
  }
  return out;
}

export function shouldIssue(
  issueType: IssueType,
  conditions: readonly CertificateCondition[],
  standing: StudentStanding,
): boolean {
  switch (issueType) {
    case 'manual':
      return false;
    case 'auto-all':
      return standing.finished;
    case 'auto-conditions':
      return standing.finished && conditions.every((condition) => holds(condition, standing));
    default: {
      const unknown: never = issueType;
      throw new Error(`unknown issue type ${String(unknown)}`);
    }
  }
}

function holds(condition: CertificateCondition, standing: StudentStanding): boolean {
  // A condition on the score cannot hold before there is one.
  if (standing.score === null) return false;
  const actual =
    condition.variable === 'points'
      ? standing.score
      : standing.maxPoints > 0
        ? (standing.score / standing.maxPoints) * 100
        : 0;
  switch (condition.operator) {
    case '>=':
      return actual >= condition.value;
    case '>':
      return actual > condition.value;
    case '=':
      return actual === condition.value;
    case '<=':
      return actual <= condition.value;
    case '<':
      return actual < condition.value;
    default: {
      const unknown: never = condition.operator;
      throw new Error(`unknown operator ${String(unknown)}`);
    }
  }
}
