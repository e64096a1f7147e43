import type { QuizComponentFields } from '@sabaq/events';
import type { ContextServices } from '../../../platform/context';
import { handleCommand } from '../../../platform/commands/handle-command';
import type { Decider } from '../../../platform/commands/decider';
import { uuidV5 } from '../../../platform/ids';
import { withTables } from '../../../platform/read-models/database';
import { TABLES, type AuthoringTables } from '../read-model/tables';
import { quizDecider, quizStream, type QuizCommand, type QuizEvent, type QuizState } from './quiz-decider';

const decider = quizDecider as Decider<QuizCommand, QuizEvent, QuizState>;

/**
 * Questions appended to a quiz by someone other than its editor (the tasks context's questions
 * import), through the quiz's own decider: each is checked as the editor's save checks it, all of a
 * call or none are added, and an id the quiz already has is skipped, so a resumed import adds nothing
 * twice. A concurrent edit of the quiz is decided again on the new state. Does not wait for the read
 * model: the import's task reports its own progress.
 */
export async function addQuizQuestions(
  services: Pick<ContextServices, 'store' | 'clock'>,
  by: { userId: string; schoolId: string | null },
  quizId: string,
  questions: { id: string; fields: Partial<QuizComponentFields> }[],
): Promise<number> {
  const stream = quizStream(quizId);
  const outcome = await handleCommand(
    services.store,
    stream,
    decider,
    { type: 'add-components', id: quizId, components: questions },
    {
      eventId: (event, index, version) =>
        uuidV5(['quiz-import', stream, String(version), String(index), event.data.id].join('\u001f')),
      metadata: {
        userId: by.userId,
        occurredAt: services.clock().toISOString(),
        ...(by.schoolId === null ? {} : { schoolId: by.schoolId }),
      },
      attempts: 8,
    },
  );
  return outcome.events.length;
}

/**
 * Whether the caller may change the quiz, as the record API's update rule says (`authored`): the
 * school's admins and managers, and the teacher who made it. Read from authoring's read model, so
 * another context need not know its tables.
 */
export async function mayEditQuiz(
  services: Pick<ContextServices, 'db'>,
  caller: { userId: string; schoolId: string | null; group: string },
  quizId: string,
): Promise<boolean> {
  if (caller.schoolId === null) return false;
  const row = await withTables<AuthoringTables>(services.db)
    .selectFrom(TABLES.quizzes)
    .select(['owner_id'])
    .where('id', '=', quizId)
    .where('school_id', '=', caller.schoolId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!row) return false;
  if (caller.group === 'admin' || caller.group === 'manager') return true;
  return caller.group === 'teacher' && row.owner_id === caller.userId;
}
