import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContextServices } from '../../platform/context';
import { callerOf } from '../../platform/http/authenticate';
import { PEOPLE_TABLE } from '../people/directory/table';
import { listOf } from './access';
import { CHAT_TABLES } from './read-model/tables';

/** The groups that may watch a proctored attempt (docs/proctoring.md "Who may do what"). */
export const WATCHER_GROUPS = ['admin', 'manager', 'proctor', 'teacher'] as const;

const answer = z.object({
  entities: z.array(z.object({ chat_id: z.string(), user_id: z.string() })),
});

/**
 * `GET /api/chats/watchers.json`: the caller's personal chats whose other person is of a group that
 * watches exams. A proctored exam's focus mode (docs/chat.md) shows only these, so a student can read
 * and answer a proctor without the rest of the chat leading them away from the exam.
 */
export async function watcherChatRoutes(app: FastifyInstance, services: ContextServices): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/chats/watchers.json',
      { schema: { tags: ['chat'], response: { 200: answer } } },
      async (request) => {
        const caller = callerOf(request);
        if (caller.schoolId === null) return { entities: [] };
        const chats = await services.db
          .selectFrom(CHAT_TABLES.chats)
          .select(['id', 'participants'])
          .where('school_id', '=', caller.schoolId)
          .where('closed', '=', false)
          .where('type', '=', 'personal')
          .where('participants', '@>', JSON.stringify([caller.userId]))
          .execute();
        const others = new Map<string, string>();
        for (const chat of chats) {
          const other = listOf(chat.participants).find((u) => u !== caller.userId);
          if (other) others.set(chat.id, other);
        }
        if (others.size === 0) return { entities: [] };
        const watchers = await services.db
          .selectFrom(PEOPLE_TABLE)
          .select('id')
          .where('id', 'in', [...new Set(others.values())])
          .where('school_id', '=', caller.schoolId)
          .where('deleted', '=', false)
          .where('group', 'in', [...WATCHER_GROUPS])
          .execute();
        const ids = new Set(watchers.map((w) => String(w.id)));
        return {
          entities: [...others]
            .filter(([, userId]) => ids.has(userId))
            .map(([chatId, userId]) => ({ chat_id: chatId, user_id: userId })),
        };
      },
    );
}
