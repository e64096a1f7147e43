import type { ResultCode } from '@sabaq/events';
import type { ContextServices } from '../../../platform/context';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../platform/errors';
import type { Caller } from '../../../platform/http/caller';
import { decideAndAppend } from '../append';
import type { GradeAnswer } from '../grading-port';
import { participationStream, resultId, reviewerResultId, stableJson } from '../ids';
import { withTables } from '../../../platform/read-models/database';
import { TABLES, type AssignmentsTables } from '../read-model/tables';
import { grantedAssignments, PAID_ACCESS_REFUSED } from '../../shop/grants';
import { requireAgentReportToStart } from '../../proctoring/device-agent/agent-gate';
import { isStaff, openAssignment } from './open-assignment';
import {
  participationDecider,
  type AssignmentView,
  type ParticipationCommand,
} from './participation-decider';

type Services = Pick<ContextServices, 'store' | 'db' | 'clock' | 'newId'>;

const now = (services: Services) => services.clock().toISOString();

function decide(services: Services, caller: Caller, command: ParticipationCommand, commandKey: string) {
  const stream = participationStream(command.assignment.record.id, command.studentId);
  return decideAndAppend(services, stream, participationDecider, command, { commandKey, caller });
}

/** A student starts an attempt (POST /api/assignment-attempts). */
export async function startAttempt(
  services: Services,
  caller: Caller,
  attemptId: string,
  assignmentId: string,
): Promise<void> {
  if (caller.group !== 'student') throw new ForbiddenError('Forbidden');
  const { view } = await openAssignment(services, caller, assignmentId);
  // "Only with the agent" (docs/device-agent.md): refused before the attempt exists.
  await requireAgentReportToStart(services.db, {
    assignmentId,
    studentId: caller.userId,
    proctoringSettings: view.record.settings?.proctoring_settings,
    isProctoring: view.record.is_proctoring,
    now: services.clock(),
  });
  const command: ParticipationCommand = {
    type: 'StartAttempt',
    attemptId,
    assignment: await withPurchase(services, caller, view),
    studentId: caller.userId,
    now: now(services),
  };
  await decide(services, caller, command, `start:${attemptId}`);
}

/**
 * A prepaid assignment opens only to who bought it (the shop's grants, revoked by a refund): a buyer
 * counts as one of its students; a student without a grant is refused, named in its list or not.
 */
async function withPurchase(
  services: Services,
  caller: Caller,
  view: AssignmentView,
): Promise<AssignmentView> {
  if (view.record.access_type !== 'prepaid') return view;
  const bought = await grantedAssignments(services.db, caller.userId);
  if (!bought.includes(view.record.id)) throw new ForbiddenError(PAID_ACCESS_REFUSED);
  if (view.record.students.includes(caller.userId)) return view;
  return { ...view, record: { ...view.record, students: [...view.record.students, caller.userId] } };
}

export interface AnswerInput {
  assignment_attempt_id: string;
  component_id: string;
  component_type: string;
  answer?: unknown;
}

/**
 * A student answers one question of their active attempt (POST /api/assignment-results). The answer
 * is graded through the grading port, then decided: the same answer sent twice records one result.
 * Answers the result's id.
 */
export async function recordAnswer(
  services: Services,
  caller: Caller,
  input: AnswerInput,
  grade: GradeAnswer,
): Promise<string> {
  const attempt = await ownAttempt(services, caller, input.assignment_attempt_id);
  const { view } = await openAssignment(services, caller, attempt.assignment_id);
  const component = view.record.components.find((c) => c.id === input.component_id);
  // An unknown component or a content block is refused by the decider; only questions are graded.
  const graded =
    component && component.type === input.component_type
      ? await gradeSafely(grade, component, input.answer)
      : { result: 0 as ResultCode, points: 0 };
  const id = resultId(input.assignment_attempt_id, input.component_id);
  const command: ParticipationCommand = {
    type: 'RecordAnswer',
    attemptId: input.assignment_attempt_id,
    resultId: id,
    componentId: input.component_id,
    componentType: input.component_type,
    answer: input.answer ?? null,
    grade: graded,
    assignment: view,
    studentId: caller.userId,
    now: now(services),
  };
  await decide(services, caller, command, `answer:${id}:${stableJson(input.answer ?? null)}`);
  return id;
}

async function gradeSafely(
  grade: GradeAnswer,
  component: Parameters<GradeAnswer>[0],
  answer: unknown,
): Promise<{ result: ResultCode; points: number; report?: unknown }> {
  try {
    return await grade(component, answer);
  } catch {
    // Not a question (content) or not gradable: the decider says why; nothing is recorded.
    return { result: 0, points: 0 };
  }
}

/** A student finishes their attempt (POST /api/assignment-attempts/{id}/finish.json); twice is once. */
export async function finishAttempt(services: Services, caller: Caller, attemptId: string): Promise<void> {
  const attempt = await ownAttempt(services, caller, attemptId);
  const { view } = await openAssignment(services, caller, attempt.assignment_id);
  const command: ParticipationCommand = {
    type: 'FinishAttempt',
    attemptId,
    assignment: view,
    studentId: caller.userId,
    now: now(services),
  };
  await decide(services, caller, command, `finish:${attemptId}`);
}

export type StudentAction = 'finish' | 'restore' | 'time' | 'reset-time';

/** A teacher's action on one student of the assignment: finish, restore, add or reduce time, reset time. */
export async function actOnStudent(
  services: Services,
  caller: Caller,
  assignmentId: string,
  studentId: string,
  action: StudentAction,
  minutes?: number,
): Promise<void> {
  const assignment = await openAssignment(services, caller, assignmentId);
  if (!isStaff(caller, assignment)) throw new NotFoundError('Задание не найдено');
  const base = { assignment: assignment.view, studentId, now: now(services) };
  const command: ParticipationCommand =
    action === 'finish'
      ? { ...base, type: 'FinishStudent' }
      : action === 'restore'
        ? { ...base, type: 'RestoreStudent' }
        : action === 'reset-time'
          ? { ...base, type: 'ResetTime' }
          : { ...base, type: 'AdjustTime', minutes: minutes ?? 0 };
  // Each press is its own command: adding 10 minutes twice adds 20.
  await decide(services, caller, command, `${action}:${services.newId()}`);
}

export interface ReviewInput {
  assignment_result_id: string;
  points?: number;
  result?: ResultCode;
}

/** A reviewer grades a result (POST /api/assignment-reviewer-results); answers the reviewer result's id. */
export async function reviewResult(services: Services, caller: Caller, input: ReviewInput): Promise<string> {
  const result = await rowOf(services, TABLES.results, input.assignment_result_id, caller);
  if (!result)
    throw new ValidationError('Результат не найден', { assignment_result_id: ['Результат не найден'] });
  const assignment = await openAssignment(services, caller, result.assignment_id);
  if (!isStaff(caller, assignment)) {
    throw new ValidationError('Результат не найден', { assignment_result_id: ['Результат не найден'] });
  }
  const command: ParticipationCommand = {
    type: 'Review',
    resultId: input.assignment_result_id,
    reviewerId: caller.userId,
    points: input.points,
    ...(input.result === undefined ? {} : { result: input.result }),
    assignment: assignment.view,
    studentId: result.student_id,
    now: now(services),
  };
  await decide(
    services,
    caller,
    command,
    `review:${input.assignment_result_id}:${caller.userId}:${input.points}:${input.result ?? ''}`,
  );
  return reviewerResultId(input.assignment_result_id, caller.userId);
}

/** The caller's own attempt, from the read model (the attempt was made visible before it was answered). */
async function ownAttempt(services: Services, caller: Caller, attemptId: string) {
  const attempt = await rowOf(services, TABLES.attempts, attemptId, caller);
  if (!attempt || attempt.student_id !== caller.userId) {
    throw new ValidationError('Попытка не найдена', { assignment_attempt_id: ['Попытка не найдена'] });
  }
  return attempt;
}

async function rowOf(
  services: Services,
  table: typeof TABLES.attempts | typeof TABLES.results,
  id: string,
  caller: Caller,
) {
  if (caller.schoolId === null) return undefined;
  return withTables<AssignmentsTables>(services.db)
    .selectFrom(table)
    .select(['id', 'assignment_id', 'student_id'])
    .where('id', '=', id)
    .where('school_id', '=', caller.schoolId)
    .where('deleted', '=', false)
    .executeTakeFirst();
}
