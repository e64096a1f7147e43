import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ContextServices } from '../../platform/context';
import { NotFoundError } from '../../platform/errors';
import type { Caller } from '../../platform/http/caller';
import type { AccessTable } from '../../platform/http/records/access';
import { registerCollections } from '../../platform/http/records/routes';
import { withTables } from '../../platform/read-models/database';
import { sanitiseRichFields } from '../../platform/rich-text/sanitise-rich-text';
import { newsRecordAccess } from './access-rules';
import { newsRecords } from './collections';
import { NEWS_RECORDS_TABLE, type NewsTables } from './tables';

/** Who manages the school's news: they see its drafts and its unlisted items in lists too. */
const isEditor = (caller: Caller) => caller.group === 'admin' || caller.group === 'manager';

/**
 * What a reader who is not an editor sees: lists hold only published, listed items; one item is read
 * by its link even when unlisted (that is what unlisted means), but a draft is absent (404).
 */
function readerRule(services: ContextServices) {
  const db = withTables<NewsTables>(services.db);
  return async (request: FastifyRequest) => {
    const caller = request.caller;
    if (!caller || isEditor(caller) || request.method !== 'GET') return;
    const url = request.routeOptions.url ?? '';
    if (url.endsWith('/:id')) {
      const { id } = request.params as { id: string };
      const row = await db
        .selectFrom(NEWS_RECORDS_TABLE)
        .select('status')
        .where('id', '=', id)
        .executeTakeFirst();
      if (row && row.status !== 'published') throw new NotFoundError('Запись не найдена');
    } else {
      const query = request.query as { filter?: Record<string, unknown> };
      query.filter = { ...query.filter, status: 'published', is_unlisted: 'false' };
    }
  };
}

/** The item's body is rich text: stored sanitised, whoever sends it (the editor or the API). */
async function sanitiseBody(request: FastifyRequest) {
  if (request.method !== 'POST' && request.method !== 'PUT') return;
  const body = request.body;
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    request.body = sanitiseRichFields(body as Record<string, unknown>, ['body']);
  }
}

export async function newsRoutes(
  app: FastifyInstance,
  services: ContextServices,
  access: AccessTable = newsRecordAccess,
): Promise<void> {
  // Its own scope, so the hooks run on the news routes only.
  await app.register(async (scope) => {
    scope.addHook('preValidation', sanitiseBody);
    scope.addHook('preHandler', readerRule(services));
    await registerCollections(scope, services, [newsRecords.collection], access);
  });
}
