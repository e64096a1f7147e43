import type { AssignmentFields } from '@sabaq/events';
import type { ContextServices } from '../../../platform/context';
import { NotFoundError } from '../../../platform/errors';
import type { Caller } from '../../../platform/http/caller';
import type { RecordCommandHandler } from '../../../platform/http/records/collection';
import { decideAndAppend, loadStream } from '../append';
import { assignmentStream } from '../ids';
import { withTables } from '../../../platform/read-models/database';
import { TABLES, type AssignmentsTables } from '../read-model/tables';
import { assignmentDecider, type AssignmentCommand, type AssignmentState } from './assignment-decider';
import type { AssignmentWork } from './edit-rules';
import { lookUpReferences } from './references';

type Services = Pick<ContextServices, 'store' | 'db' | 'clock' | 'newId'>;

/** The record API's create, update and delete of an assignment. */
export const assignmentHandler: RecordCommandHandler = async (services, command, caller) => {
  const now = services.clock().toISOString();
  switch (command.type) {
    case 'create': {
      // Why the cast: the record API parsed the body with this collection's `create` schema, and
      // RecordCommand carries it as a plain record.
      const input = command.data as unknown as AssignmentFields;
      const references = await lookUpReferences(services, caller, input);
      return run(services, { type: 'create', id: command.id, input, references, now }, caller);
    }
    case 'update': {
      const changes = command.changes as Partial<AssignmentFields>;
      // A changed type takes name and questions from the lessons or quizzes it already has.
      const { state } = await loadAssignment(services, command.id);
      const current = state.status === 'live' ? state.record : undefined;
      const references = await lookUpReferences(services, caller, {
        lessons: changes.lessons ?? current?.lessons,
        quizzes: changes.quizzes ?? current?.quizzes,
        class_id: changes.class_id,
      });
      const work = await workOn(services, command.id, now);
      return run(services, { type: 'update', id: command.id, changes, references, work, now }, caller);
    }
    case 'delete':
      return run(services, { type: 'delete', id: command.id }, caller);
  }
};

/**
 * The students' attempts on the assignment, from the read model. An attempt started in the instant
 * before an edit may not be projected yet; the edit is then decided as if it had not started
 * (docs/assignments.md, "Editing").
 */
async function workOn(services: Services, assignmentId: string, now: string): Promise<AssignmentWork> {
  const rows = await withTables<AssignmentsTables>(services.db)
    .selectFrom(TABLES.attempts)
    .select(['student_id', 'status', 'ends_at'])
    .where('assignment_id', '=', assignmentId)
    .where('deleted', '=', false)
    .execute();
  const running = rows.filter(
    (row) => row.status === 'active' && (row.ends_at === null || new Date(row.ends_at) > new Date(now)),
  );
  return {
    studentsWithAttempts: [...new Set(rows.map((row) => row.student_id))],
    activeAttempts: running.length,
  };
}

/** Suspend, resume or finish the whole assignment. */
export function changeAssignment(
  services: Services,
  id: string,
  action: 'suspend' | 'resume' | 'finish',
  caller: Caller,
): Promise<void> {
  return run(services, { type: action, id, now: services.clock().toISOString() }, caller);
}

/** A copy of the assignment as a new one owned by the caller; answers its id. */
export async function cloneAssignment(services: Services, sourceId: string, caller: Caller): Promise<string> {
  const { state } = await loadAssignment(services, sourceId);
  if (state.status !== 'live') throw new NotFoundError('Задание не найдено');
  const id = services.newId();
  await run(
    services,
    { type: 'clone', id, source: state.record, now: services.clock().toISOString() },
    caller,
  );
  return id;
}

export function loadAssignment(services: Pick<ContextServices, 'store'>, id: string) {
  return loadStream(services, assignmentStream(id), assignmentDecider) as Promise<{
    state: AssignmentState;
    ownerId: string | null;
    schoolId: string | null;
  }>;
}

/**
 * Edits are decided once: an edit that lost a race is a 409, never a silent overwrite. Suspend,
 * resume, finish and delete mean the same whatever happened meanwhile, so they are decided again.
 */
async function run(services: Services, command: AssignmentCommand, caller: Caller): Promise<void> {
  const edit = command.type === 'create' || command.type === 'update' || command.type === 'clone';
  await decideAndAppend(services, assignmentStream(command.id), assignmentDecider, command, {
    commandKey: edit ? `${command.type}:${services.newId()}` : command.type,
    caller,
    attempts: edit ? 1 : 5,
  });
}
