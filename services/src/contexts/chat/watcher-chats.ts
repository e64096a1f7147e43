import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContextServices } from '../../platform/context';
import { ForbiddenError, NotFoundError, ValidationError } from '../../platform/errors';
import { callerOf } from '../../platform/http/authenticate';
import type { Caller } from '../../platform/http/caller';
import { recordId } from '../../platform/http/records/list-query';
import { withTables } from '../../platform/read-models/database';
import { assignmentsFacts, takesAssignment, watchersAmong, watches } from '../proctoring/assignments-lookup';
import { listOf } from './access';
import { CHAT_TABLES, jsonList, type ChatTables } from './read-model/tables';

const query = z.object({ assignment_id: recordId });
const answer = z.object({
  entities: z.array(z.object({ chat_id: z.string(), user_id: z.string() })),
});
const assignmentMissing = () => new NotFoundError('Задание не найдено');

/**
 * `GET /api/chats/watchers.json?assignment_id=`: the caller's personal chats whose other person watches
 * that assignment as proctoring knows them (its school's admins, managers and proctors, the teachers who
 * own or review it: proctoring/assignments-lookup.ts). A proctored exam's focus mode (docs/chat.md)
 * shows only these, so a student can read and answer the exam's watchers without the rest of the chat
 * leading them away from the exam; a teacher of another assignment is not among them.
 */
export async function watcherChatRoutes(app: FastifyInstance, services: ContextServices): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/chats/watchers.json',
      { schema: { tags: ['chat'], querystring: query, response: { 200: answer } } },
      async (request) => {
        const caller = callerOf(request);
        const assignmentId = request.query.assignment_id;
        const assignment = (await assignmentsFacts(services.db, [assignmentId])).get(assignmentId);
        if (caller.schoolId === null || !assignment || assignment.schoolId !== caller.schoolId)
          throw assignmentMissing();
        const db = withTables<ChatTables>(services.db);
        const chats = await db
          .selectFrom(CHAT_TABLES.chats)
          .select(['id', 'participants'])
          .where('school_id', '=', caller.schoolId)
          .where('closed', '=', false)
          .where('type', '=', 'personal')
          .where('participants', '@>', jsonList([caller.userId]))
          .execute();
        const others = new Map<string, string>();
        for (const chat of chats) {
          const other = listOf(chat.participants).find((u) => u !== caller.userId);
          if (other) others.set(chat.id, other);
        }
        if (others.size === 0) return { entities: [] };
        const people = await db
          .selectFrom('people_directory')
          .select(['id', 'group'])
          .where('id', 'in', [...new Set(others.values())])
          .where('school_id', '=', caller.schoolId)
          .where('deleted', '=', false)
          .execute();
        const watching = await watchersAmong(
          services.db,
          assignmentId,
          people.map((p) => ({
            userId: p.id,
            schoolId: caller.schoolId,
            group: p.group as Caller['group'],
          })),
        );
        return {
          entities: [...others]
            .filter(([, userId]) => watching.has(userId))
            .map(([chatId, userId]) => ({ chat_id: chatId, user_id: userId })),
        };
      },
    );
}

/**
 * The proctoring grid's 'Написать' names the exam (`POST /api/chats` with `assignment_id`): only one who
 * watches that assignment may open the conversation from it (403 otherwise, 404 for an assignment not
 * of the caller's school), and only with a student who takes it (422 on `user_id`).
 */
export async function checkExamConversation(
  services: Pick<ContextServices, 'db'>,
  caller: Caller,
  assignmentId: string,
  studentId: string,
): Promise<void> {
  const assignment = (await assignmentsFacts(services.db, [assignmentId])).get(assignmentId);
  if (caller.schoolId === null || !assignment || assignment.schoolId !== caller.schoolId)
    throw assignmentMissing();
  if (!watches(caller, assignment)) throw new ForbiddenError('Вы не наблюдаете за этим заданием');
  if (!(await takesAssignment(services.db, assignmentId, studentId)))
    throw new ValidationError('Данные заполнены неверно', { user_id: ['Не выполняет это задание'] });
}
