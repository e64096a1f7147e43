import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { entityAnswer, listAnswer, noContentAnswer } from '@sabaq/events';
import { z } from 'zod';
import type { ContextServices } from '../../context';
import { ForbiddenError, NotFoundError } from '../../errors';
import { authenticate, callerOf } from '../authenticate';
import { authorize, type AccessTable, type Action } from './access';
import type { CollectionDefinition, RecordCommandHandler } from './collection';
import { handleRecordCommand } from './commands';
import { entitySchemaOf } from './entity-schema';
import { REQUESTED_FIELDS_HEADER, requestedFields, trimFields } from './fields';
import { listQuery, listQuerySchema, recordId } from './list-query';
import { readModelCacheOf } from '../../read-models/read-model-cache';
import { RecordRepository } from './repository';
import { rejectUnstorableText } from './text-guard';

const idParams = z.object({ id: recordId });

/**
 * Registers the five record routes of each collection under /api. Authentication and the access
 * table's 'none' run in onRequest, before validation: an outsider learns nothing from a 422.
 */
export async function registerCollections(
  app: FastifyInstance,
  services: ContextServices,
  collections: readonly CollectionDefinition[],
  access: AccessTable,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = authenticate(services.authenticator);
  for (const collection of collections) {
    if (!access[collection.name]) throw new Error(`collection '${collection.name}' has no access rules`);
    const repository = new RecordRepository(services.db, collection);
    const handle: RecordCommandHandler =
      collection.handle ??
      ((with_, command, caller) => handleRecordCommand(with_, collection, command, caller));
    const base = `/api/${collection.name}`;
    const guard = (action: Action) => ({
      // The record access table decides, not the route access table (route-access.ts).
      config: { access: 'records' as const },
      onRequest: async (request: FastifyRequest) => {
        await signedIn(request, undefined as never);
        authorize(access, collection.name, action, callerOf(request));
      },
      preValidation: rejectUnstorableText,
    });
    const scopeOf = (request: FastifyRequest, action: Action) =>
      authorize(access, collection.name, action, callerOf(request));
    const present = async (request: FastifyRequest, entities: Record<string, unknown>[]) =>
      collection.present ? collection.present(services, callerOf(request), entities) : entities;
    const entityOf = async (request: FastifyRequest, id: string, action: Action) => {
      const row = await repository.get(id, scopeOf(request, action));
      if (!row) throw new NotFoundError('Запись не найдена');
      const [entity] = await present(request, [collection.toEntity(row)]);
      return entity!;
    };
    /**
     * A read's whole JSON answer, kept in the read-model cache beside the rows it was built from. The
     * answer depends on nothing but the collection, the caller's scope, the path, the query as the
     * contexts' visibility rules left it and the requested fields, so those are the key; a hit skips
     * entity building and serialisation, which is most of a cached read's cost (docs/records-api.md,
     * "Caching"). The query is taken after the rules: they narrow a caller's list by rewriting it (a
     * student's assignments, a teacher's drafts), and the raw URL would hand one caller's narrowed
     * answer, or a wider one, to another caller of the same scope.
     */
    const answerFromCache = async (
      request: FastifyRequest,
      reply: FastifyReply,
      action: 'list' | 'get',
      build: () => Promise<unknown>,
    ): Promise<void> => {
      const cache = readModelCacheOf(services.db);
      // The sent reply is awaited (a reply is a thenable that settles once the answer left): a context's
      // async onSend hook (classrooms/routes.ts) may still be running, and Fastify takes a handler that
      // resolves to nothing before the answer left as one that never answered, and answers again.
      if (!cache) {
        await reply.send(await build());
        return;
      }
      const fields = request.headers[REQUESTED_FIELDS_HEADER];
      const path = request.url.split('?', 1)[0];
      const query = JSON.stringify(request.query ?? null);
      const key = `answer\u0000${collection.name}\u0000${JSON.stringify(scopeOf(request, action))}\u0000${path}\u0000${query}\u0000${JSON.stringify(fields ?? null)}`;
      const body = await cache.read(collection.projection, key, async () => JSON.stringify(await build()));
      // Text with a JSON type: Fastify sends it as it is, without the route's serialiser.
      await reply.type('application/json; charset=utf-8').send(body);
    };
    const tags = [collection.name];
    // Documents the answers; list and get answers leave as the cached JSON text, which Fastify sends
    // without serialising again, so only writes pay for the schema.
    const entity = entitySchemaOf(collection);
    const one = entityAnswer(entity);
    // The command waited for the read model; whatever this process cached of the collection before it is
    // stale now, whichever projection the command waited for (read-models/read-model-cache.ts).
    const handleAndForget: typeof handle = async (...args) => {
      try {
        await handle(...args);
      } finally {
        readModelCacheOf(services.db)?.changed(collection.projection);
      }
    };

    api.get(
      base,
      {
        ...guard('list'),
        schema: { tags, querystring: listQuerySchema(collection), response: { 200: listAnswer(entity) } },
      },
      (request, reply) =>
        answerFromCache(request, reply, 'list', async () => {
          const fields = requestedFields(request.headers[REQUESTED_FIELDS_HEADER]);
          const query = listQuery(collection, request.query);
          const { rows, page } = await repository.list(query, scopeOf(request, 'list'));
          const shown = await present(
            request,
            rows.map((row) => collection.toEntity(row)),
          );
          const entities = shown.map((entity) => trimFields(entity, fields));
          return { entities: page ? { data: entities, ...page } : entities };
        }),
    );

    api.get(
      `${base}/:id`,
      { ...guard('get'), schema: { tags, params: idParams, response: { 200: one } } },
      (request, reply) =>
        answerFromCache(request, reply, 'get', async () => {
          const fields = requestedFields(request.headers[REQUESTED_FIELDS_HEADER]);
          return { entity: trimFields(await entityOf(request, request.params.id, 'get'), fields) };
        }),
    );

    api.post(
      base,
      { ...guard('create'), schema: { tags, body: collection.create, response: { 201: one } } },
      async (request, reply) => {
        const caller = callerOf(request);
        const scope = scopeOf(request, 'create');
        if (collection.schoolScoped && scope.kind !== 'all' && caller.schoolId === null) {
          throw new ForbiddenError('Choose a school first');
        }
        const id = services.newId();
        await handleAndForget(services, { type: 'create', id, data: request.body }, caller);
        return reply.status(201).send({ entity: await entityOf(request, id, 'create') });
      },
    );

    api.put(
      `${base}/:id`,
      {
        ...guard('update'),
        schema: { tags, params: idParams, body: collection.update, response: { 200: one } },
      },
      async (request) => {
        const { id } = request.params;
        await entityOf(request, id, 'update'); // outside the caller's scope: 404, as for a read
        await handleAndForget(services, { type: 'update', id, changes: request.body }, callerOf(request));
        return { entity: await entityOf(request, id, 'update') };
      },
    );

    api.delete(
      `${base}/:id`,
      { ...guard('delete'), schema: { tags, params: idParams, response: { 204: noContentAnswer } } },
      async (request, reply) => {
        const { id } = request.params;
        await entityOf(request, id, 'delete');
        await handleAndForget(services, { type: 'delete', id }, callerOf(request));
        return reply.status(204).send();
      },
    );
  }
}
