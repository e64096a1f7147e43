import type { AssignmentCommentPostedData } from '@sabaq/events';
import type { ContextServices } from '../../../platform/context';
import { DomainError, NotFoundError, ValidationError } from '../../../platform/errors';
import type { Caller } from '../../../platform/http/caller';
import { decideAndAppend } from '../append';
import { commentStream } from '../ids';
import { withTables } from '../../../platform/read-models/database';
import { TABLES, type AssignmentsTables } from '../read-model/tables';
import { isStaff, openAssignment } from './open-assignment';

export interface CommentInput {
  assignment_id: string;
  assignment_result_id?: string | null;
  student_id?: string | null;
  component_id?: string | null;
  component_type?: string | null;
  message: string;
}

type CommentCommand = { type: 'post'; comment: AssignmentCommentPostedData };
type CommentEvent = { type: 'AssignmentCommentPosted'; data: AssignmentCommentPostedData };

/** A comment is posted once and then kept as it was: the review trail of a student's work. */
export const commentDecider = {
  initialState: { posted: false },
  decide(command: CommentCommand, state: { posted: boolean }): CommentEvent[] {
    if (state.posted) throw new DomainError(`Comment ${command.comment.id} already exists`, 409);
    return [{ type: 'AssignmentCommentPosted', data: command.comment }];
  },
  evolve(_state: { posted: boolean }, _event: CommentEvent) {
    return { posted: true };
  },
};

/**
 * A comment on a student's work: on one of their results, or on their work as a whole. The student
 * comments on their own work when the assignment allows comments (is_comments); the assignment's
 * staff comment on any student's.
 */
export async function postComment(
  services: Pick<ContextServices, 'store' | 'db' | 'clock'>,
  caller: Caller,
  id: string,
  input: CommentInput,
): Promise<void> {
  const assignment = await openAssignment(services, caller, input.assignment_id).catch(() => {
    throw new ValidationError('Задание не найдено', { assignment_id: ['Задание не найдено'] });
  });
  let studentId = input.student_id ?? null;
  let componentId = input.component_id ?? null;
  let componentType = input.component_type ?? null;
  if (input.assignment_result_id) {
    const result = await withTables<AssignmentsTables>(services.db)
      .selectFrom(TABLES.results)
      .select(['student_id', 'component_id', 'component_type'])
      .where('id', '=', input.assignment_result_id)
      .where('assignment_id', '=', input.assignment_id)
      .where('deleted', '=', false)
      .executeTakeFirst();
    if (!result) {
      throw new ValidationError('Результат не найден', { assignment_result_id: ['Результат не найден'] });
    }
    studentId = result.student_id;
    componentId ??= result.component_id;
    componentType ??= result.component_type;
  }
  if (caller.group === 'student') {
    studentId ??= caller.userId;
    if (studentId !== caller.userId || !assignment.view.record.students.includes(caller.userId)) {
      throw new NotFoundError('Задание не найдено');
    }
    if (!assignment.view.record.is_comments) {
      throw new ValidationError('Комментарии к заданию отключены', {
        message: ['Комментарии к заданию отключены'],
      });
    }
  } else if (!isStaff(caller, assignment)) {
    throw new ValidationError('Задание не найдено', { assignment_id: ['Задание не найдено'] });
  }
  if (studentId === null) throw new ValidationError('Укажите ученика', { student_id: ['Укажите ученика'] });
  const comment: AssignmentCommentPostedData = {
    id,
    assignment_id: input.assignment_id,
    assignment_result_id: input.assignment_result_id ?? null,
    student_id: studentId,
    user_id: caller.userId,
    component_id: componentId,
    component_type: componentType,
    message: input.message,
  };
  await decideAndAppend(
    services,
    commentStream(id),
    commentDecider,
    { type: 'post', comment },
    {
      commandKey: `comment:${id}`,
      caller,
      attempts: 1,
    },
  );
}
