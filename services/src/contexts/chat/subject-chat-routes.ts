import { chatRecord, entityAnswer } from '@sabaq/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContextServices } from '../../platform/context';
import { NotFoundError } from '../../platform/errors';
import { callerOf } from '../../platform/http/authenticate';
import { recordId } from '../../platform/http/records/list-query';
import { visibleChat } from './access';
import { chatEntity } from './entities';
import { ensureAssignmentChat, ensureClassChat, ensureWebinarChat } from './people-follow';

const idParams = z.object({ id: recordId });

/** Each subject's chat, made on first ask if the process manager has not got there yet. */
const SUBJECTS = [
  ['/api/classes/:id/chat.json', ensureClassChat],
  ['/api/assignments/:id/chat.json', ensureAssignmentChat],
  ['/api/webinars/:id/chat.json', ensureWebinarChat],
] as const;

/**
 * The chat of a class, an assignment or a webinar, with its participants. A subject the caller cannot
 * see, or whose chat they are not in, is 404, as if absent.
 */
export async function subjectChatRoutes(app: FastifyInstance, services: ContextServices): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const [url, ensure] of SUBJECTS)
    api.get(
      url,
      { schema: { tags: ['chat'], params: idParams, response: { 200: entityAnswer(chatRecord) } } },
      async (request) => {
        const caller = callerOf(request);
        const id = await ensure(services, request.params.id);
        if (!id) throw new NotFoundError('Чат не найден');
        const row = await visibleChat(services, caller, id);
        return { entity: await chatEntity(services, row, caller.userId, { participants: true }) };
      },
    );
}
