import type { ContextServices } from '../../../platform/context';
import type { Caller } from '../../../platform/http/caller';
import { decideAndAppend } from '../append';
import { loadAssignment } from '../assignments/commands';
import { participationStream } from '../ids';
import { withTables } from '../../../platform/read-models/database';
import { TABLES, type AssignmentsTables } from '../read-model/tables';
import { participationDecider, type ParticipationCommand } from './participation-decider';

type Services = Pick<ContextServices, 'store' | 'db' | 'clock'>;

/** Students' streams decided at once: the cores are shared, and each decision is a read and an append. */
const PARALLEL = 8;

/**
 * After the teacher finished the whole assignment, each student's active attempt is finished too
 * (reason `teacher`). Every student of the assignment is decided against their own stream, plus anyone
 * the read model shows with an active attempt (a student taken off the list meanwhile). Idempotent: a
 * student without an active attempt decides nothing, so finishing again, or a retry after a crash half
 * way, finishes what is left.
 */
export async function finishActiveAttempts(
  services: Services,
  caller: Caller,
  assignmentId: string,
): Promise<void> {
  const { state } = await loadAssignment(services, assignmentId);
  if (state.status !== 'live' || !state.finished) return;
  const view = { record: state.record, suspended: state.suspended, finished: state.finished };
  const active = await withTables<AssignmentsTables>(services.db)
    .selectFrom(TABLES.attempts)
    .select('student_id')
    .where('assignment_id', '=', assignmentId)
    .where('status', '=', 'active')
    .where('deleted', '=', false)
    .execute();
  const students = [...new Set([...state.record.students, ...active.map((row) => row.student_id)])];
  const now = services.clock().toISOString();
  let next = 0;
  const worker = async () => {
    while (next < students.length) {
      const studentId = students[next++]!;
      const command: ParticipationCommand = {
        type: 'FinishWithAssignment',
        assignment: view,
        studentId,
        now,
      };
      await decideAndAppend(
        services,
        participationStream(assignmentId, studentId),
        participationDecider,
        command,
        { commandKey: `finish-with-assignment:${assignmentId}`, caller },
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, students.length) }, worker));
}
