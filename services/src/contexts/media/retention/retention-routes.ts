import { retentionAnswer } from '@sabaq/events';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContextServices } from '../../../platform/context';
import { DomainError, ForbiddenError } from '../../../platform/errors';
import type { Caller } from '../../../platform/http/caller';
import { retentionOf, setRetention } from './retention';

function schoolCaller(request: FastifyRequest): Caller & { schoolId: string } {
  const caller = request.caller;
  if (!caller) throw new ForbiddenError('Forbidden');
  // Allowed, but not yet answerable: someone of several schools has to choose one (409, as a state).
  if (caller.schoolId === null) throw new DomainError('Choose a school first', 409);
  return caller as Caller & { schoolId: string };
}

/** The school's recording retention period, read and set by its admins and managers (route-access.ts). */
export async function retentionRoutes(app: FastifyInstance, services: ContextServices) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['media'];
  api.get(
    '/api/media-retention.json',
    { schema: { tags, response: { 200: retentionAnswer } } },
    async (request) => {
      const caller = schoolCaller(request);
      return { entity: { school_id: caller.schoolId, days: await retentionOf(services, caller.schoolId) } };
    },
  );
  api.put(
    '/api/media-retention.json',
    {
      schema: {
        tags,
        body: z.object({ days: z.int('Укажите число дней').min(1).max(3650).nullable() }).strict(),
        response: { 200: retentionAnswer },
      },
    },
    async (request) => {
      const caller = schoolCaller(request);
      await setRetention(services, caller, request.body.days);
      return { entity: { school_id: caller.schoolId, days: await retentionOf(services, caller.schoolId) } };
    },
  );
}
