import { proctoringActionKind, type ProctoringSource } from '@sabaq/events';
import type { ContextServices } from '../../../platform/context';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../platform/errors';
import type { Caller } from '../../../platform/http/caller';
import { watches, type AssignmentFacts, type AttemptFacts } from '../assignments-lookup';
import { writeTargetFacts } from './write-targets';

/** An answer after the attempt's time may still bring the last second's signals: a short grace. */
const LATE_GRACE_MS = 60_000;

export interface OpenAttempt {
  attempt: AttemptFacts;
  assignment: AssignmentFacts;
  /** The caller is the attempt's student (else one of the assignment's watchers). */
  asStudent: boolean;
}

const refuse = (field: string, message: string) => new ValidationError(message, { [field]: [message] });

/**
 * Whether the caller may write telemetry for this attempt, and as whom:
 * - the attempt must be of the caller's school (else 404, as if absent) and of the named assignment;
 * - a student writes only for their own attempt (403 otherwise, also when naming another student_id);
 * - the assignment's watchers (admins, managers, proctors of the school, its owner and reviewers) write
 *   for any attempt of it; other teachers get 403;
 * - nothing is written for a finished attempt, a suspended or finished assignment (422), nor by a
 *   student whose attempt a proctor suspended or stopped.
 */
export async function openAttemptForWriting(
  services: Pick<ContextServices, 'db' | 'clock'>,
  caller: Caller,
  target: { assignmentId: string; attemptId: string; studentId?: string | null },
): Promise<OpenAttempt> {
  const facts = await writeTargetFacts(services.db, target.attemptId);
  const attempt = facts?.attempt;
  if (!facts || !attempt || caller.schoolId === null || attempt.schoolId !== caller.schoolId) {
    throw new NotFoundError('Попытка не найдена');
  }
  if (attempt.assignmentId !== target.assignmentId) {
    throw refuse('assignment_id', 'Попытка относится к другому заданию');
  }
  const assignment = facts.assignment;
  if (!assignment) throw new NotFoundError('Задание не найдено');
  const asStudent = caller.group === 'student';
  if (asStudent) {
    if (attempt.studentId !== caller.userId) throw new ForbiddenError('Это не ваша попытка');
    if (target.studentId && target.studentId !== caller.userId)
      throw new ForbiddenError('Это не ваша попытка');
  } else {
    if (!watches(caller, assignment)) throw new ForbiddenError('Вы не наблюдаете за этим заданием');
    if (target.studentId && target.studentId !== attempt.studentId) {
      throw refuse('student_id', 'Попытка другого студента');
    }
  }
  if (attempt.status === 'finished') throw refuse('assignment_attempt_id', 'Попытка завершена');
  if (attempt.endsAt && services.clock().getTime() > attempt.endsAt.getTime() + LATE_GRACE_MS) {
    throw refuse('assignment_attempt_id', 'Время попытки истекло');
  }
  if (assignment.isFinished) throw refuse('assignment_id', 'Задание завершено');
  if (assignment.isSuspended) throw refuse('assignment_id', 'Задание приостановлено');
  // The latest of a proctor's suspend, resume or stop decides; suspend and stop hold the student.
  if (asStudent && facts.lastHold !== null && facts.lastHold !== 'exam_resumed') {
    throw refuse('assignment_attempt_id', 'Попытка приостановлена проктором');
  }
  return { attempt, assignment, asStudent };
}

/**
 * Which action types a writer may send and what source they are recorded with: students send their
 * client's warnings, violations and lifecycle marks; watchers send proctor actions and flag warnings or
 * violations by hand (source proctor); an admin may record a server detector's finding (source server).
 */
export function sourceFor(
  caller: Caller,
  asStudent: boolean,
  actionType: string,
  requested: ProctoringSource | undefined,
): ProctoringSource {
  const kind = proctoringActionKind(actionType);
  if (asStudent) {
    if (kind === 'proctor') throw new ForbiddenError('Это действие доступно только проктору');
    if (requested && requested !== 'client')
      throw refuse('source', 'Студент отправляет только сигналы клиента');
    return 'client';
  }
  if (kind === 'lifecycle') throw refuse('action_type', 'Этапы сессии отправляет клиент студента');
  if (requested === 'server') {
    if (caller.group !== 'admin') throw refuse('source', 'Находки сервера записывает только администратор');
    return 'server';
  }
  if (requested === 'client') throw refuse('source', 'Сигналы клиента отправляет студент');
  return 'proctor';
}
