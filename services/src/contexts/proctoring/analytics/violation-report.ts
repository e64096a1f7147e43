import type { ContextServices } from '../../../platform/context';
import { NotFoundError, ValidationError } from '../../../platform/errors';
import type { Caller } from '../../../platform/http/caller';
import { assignmentsFacts, watches } from '../assignments-lookup';
import { violationCounts, violationsPerHour } from './violation-counts';

/**
 * The prepared dashboard of violations: per type and per hour, of the caller's school, from ClickHouse.
 * Analysts, admins, managers and proctors see the whole school; a teacher names an assignment they
 * watch. The school is always the caller's; an assignment of another school is 404, as if absent.
 */
export async function violationReport(
  services: Pick<ContextServices, 'db' | 'analytics'>,
  caller: Caller,
  assignmentId: string | undefined,
) {
  if (caller.schoolId === null) throw new NotFoundError('Школа не выбрана');
  if (assignmentId !== undefined) {
    const assignment = (await assignmentsFacts(services.db, [assignmentId])).get(assignmentId);
    const visible =
      assignment !== undefined &&
      assignment.schoolId === caller.schoolId &&
      (caller.group === 'analyst' || watches(caller, assignment));
    if (!visible) throw new NotFoundError('Задание не найдено');
  } else if (caller.group === 'teacher') {
    throw new ValidationError('Укажите задание', { assignment_id: ['Укажите задание'] });
  }
  const [byType, byHour] = await Promise.all([
    violationCounts(services.analytics, caller.schoolId, assignmentId),
    violationsPerHour(services.analytics, caller.schoolId, assignmentId),
  ]);
  return { assignment_id: assignmentId ?? null, by_type: byType, by_hour: byHour };
}
