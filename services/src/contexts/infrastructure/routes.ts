import { entityAnswer, platformOverview, storageCheck, webinarServerCheck } from '@sabaq/events';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContextServices } from '../../platform/context';
import { DomainError, ForbiddenError, NotFoundError } from '../../platform/errors';
import type { Caller } from '../../platform/http/caller';
import { recordId } from '../../platform/http/records/list-query';
import { registerCollections } from '../../platform/http/records/routes';
import { infrastructureCollections, storages, webinarServers } from './collections';
import { bucketUsage, platformRoles } from './platform-overview';
import { probe } from './reachability';
import { checkStorage, type StorageTarget } from './s3-check';
import { infrastructureRecordAccess } from './access-rules';

const idParams = z.object({ id: recordId });

function schoolCaller(request: FastifyRequest): Caller & { schoolId: string } {
  const caller = request.caller;
  if (!caller) throw new ForbiddenError('Forbidden');
  if (caller.schoolId === null) throw new DomainError('Choose a school first', 409);
  return caller as Caller & { schoolId: string };
}

/** A record of the caller's school, with its secret columns (never answered as they are). */
async function rowOfSchool(services: ContextServices, table: string, id: string, schoolId: string) {
  const row = (await services.db
    .selectFrom(table)
    .selectAll()
    .where('id', '=', id)
    .where('school_id', '=', schoolId)
    .where('deleted', '=', false)
    .executeTakeFirst()) as Record<string, unknown> | undefined;
  if (!row) throw new NotFoundError('Запись не найдена');
  return row;
}

/**
 * Servers and storages (docs/infrastructure.md): the two record collections, then the checks. Only a
 * school's managers and admins reach any of it (access-rules.ts); a record of
 * another school is 404, as for a read.
 */
export async function infrastructureRoutes(app: FastifyInstance, services: ContextServices): Promise<void> {
  await registerCollections(
    app,
    services,
    infrastructureCollections.map((c) => c.collection),
    infrastructureRecordAccess,
  );
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['infrastructure'];

  api.post(
    '/api/webinar-servers/:id/check.json',
    { schema: { tags, params: idParams, response: { 200: entityAnswer(webinarServerCheck) } } },
    async (request) => {
      const caller = schoolCaller(request);
      const row = await rowOfSchool(
        services,
        webinarServers.collection.table,
        request.params.id,
        caller.schoolId,
      );
      const entity = webinarServers.collection.toEntity(row) as {
        host: string;
        options: { alternate_host: string | null };
      };
      const addresses = [entity.host, entity.options.alternate_host].filter((a): a is string => Boolean(a));
      const results = await Promise.all(addresses.map((address) => probe(address)));
      return {
        entity: {
          id: request.params.id,
          reachable: results[0]?.reachable ?? false,
          checked_at: services.clock().toISOString(),
          hosts: results,
        },
      };
    },
  );

  api.post(
    '/api/storages/:id/check.json',
    { schema: { tags, params: idParams, response: { 200: entityAnswer(storageCheck) } } },
    async (request) => {
      const caller = schoolCaller(request);
      const row = await rowOfSchool(services, storages.collection.table, request.params.id, caller.schoolId);
      const result = await checkStorage(row as unknown as StorageTarget);
      return { entity: { id: request.params.id, checked_at: services.clock().toISOString(), ...result } };
    },
  );

  api.get(
    '/api/infrastructure/platform.json',
    { schema: { tags, response: { 200: entityAnswer(platformOverview) } } },
    async (request) => {
      schoolCaller(request);
      const [roles, storage] = await Promise.all([
        platformRoles(app),
        bucketUsage(services.objects, services.clock()),
      ]);
      return { entity: { roles, storage } };
    },
  );
}
