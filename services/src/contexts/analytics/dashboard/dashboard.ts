import type { ContextServices } from '../../../platform/context';
import { NotFoundError } from '../../../platform/errors';
import type { Caller } from '../../../platform/http/caller';
import {
  assignmentFigures,
  timeToFinish,
  violationsByDay,
  violationsByType,
  type Scope,
} from './clickhouse-figures';
import { dashboardRange } from './range';
import { assignmentNames, credibilityBuckets, schoolHasAssignment } from './read-model-figures';

export interface DashboardQuery {
  from?: string;
  to?: string;
  assignment_id?: string;
}

/**
 * The analysts' dashboard of the caller's school (optionally one of its assignments) over a period:
 * violations by day and by type, per assignment, credibility and time to finish. Counts come from
 * ClickHouse; credibility and assignment names from the PostgreSQL read model (read-model-figures.ts).
 */
export async function analyticsDashboard(
  services: Pick<ContextServices, 'db' | 'analytics' | 'clock'>,
  caller: Caller,
  query: DashboardQuery,
) {
  if (caller.schoolId === null) throw new NotFoundError('Школа не выбрана');
  const range = dashboardRange(query.from, query.to, services.clock());
  const assignmentId = query.assignment_id ?? '';
  if (assignmentId !== '' && !(await schoolHasAssignment(services.db, caller.schoolId, assignmentId))) {
    throw new NotFoundError('Задание не найдено');
  }
  const scope: Scope = { schoolId: caller.schoolId, range, assignmentId };
  const [byDay, byType, perAssignment, credibility, finish] = await Promise.all([
    violationsByDay(services.analytics, scope),
    violationsByType(services.analytics, scope),
    assignmentFigures(services.analytics, scope),
    credibilityBuckets(services.db, scope),
    timeToFinish(services.analytics, scope),
  ]);
  const names = await assignmentNames(services.db, caller.schoolId, [...perAssignment.keys()]);
  return {
    violations_by_day: byDay,
    violations_by_type: byType,
    per_assignment: [...perAssignment.entries()]
      .map(([id, figures]) => ({ assignment_id: id, name: names.get(id) ?? null, ...figures }))
      .sort(
        (a, b) =>
          b.violations - a.violations ||
          b.attempts - a.attempts ||
          a.assignment_id.localeCompare(b.assignment_id),
      ),
    credibility,
    time_to_finish: finish,
  };
}
