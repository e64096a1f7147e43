import type { ContextServices } from '../../../platform/context';
import { ForbiddenError, NotFoundError } from '../../../platform/errors';
import type { Caller } from '../../../platform/http/caller';
import { ruleFor, type AccessTable, type Action } from '../../../platform/http/records/access';
import { loadAssignment } from '../assignments/commands';
import type { AssignmentView } from './participation-decider';

export interface OpenAssignment {
  view: AssignmentView;
  ownerId: string | null;
}

/**
 * The assignment a command is about, from its stream; another school's, a deleted or an unknown one
 * is 404, as if absent.
 */
export async function openAssignment(
  services: Pick<ContextServices, 'store'>,
  caller: Caller,
  assignmentId: string,
): Promise<OpenAssignment> {
  const { state, ownerId, schoolId } = await loadAssignment(services, assignmentId);
  if (state.status !== 'live' || schoolId === null || schoolId !== caller.schoolId) {
    throw new NotFoundError('Задание не найдено');
  }
  return { view: { record: state.record, suspended: state.suspended, finished: state.finished }, ownerId };
}

/**
 * The assignment's staff see and review all of its students' work: its owner, its reviewers, and the
 * school's managers and admins.
 */
export function isStaff(caller: Caller, assignment: OpenAssignment): boolean {
  if (caller.group === 'admin' || caller.group === 'manager') return true;
  if (caller.group !== 'teacher') return false;
  return assignment.ownerId === caller.userId || assignment.view.record.reviewers.includes(caller.userId);
}

/** The access table's rule for a command on the assignment itself ('own': the owner only; others 404). */
export function requireAssignmentRule(
  access: AccessTable,
  action: Action,
  caller: Caller,
  assignment: OpenAssignment,
): void {
  const rule = ruleFor(access, 'assignments', action, caller.group);
  if (rule === 'none') throw new ForbiddenError('Forbidden');
  if (rule === 'own' && assignment.ownerId !== caller.userId) throw new NotFoundError('Задание не найдено');
}
