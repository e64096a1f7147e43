import { entityAnswer, listAnswer, noContentAnswer, webinarObject } from '@sabaq/events';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { webinarChangesSchema, webinarSchema, type WebinarCreatedData } from '@sabaq/events';
import { z } from 'zod';
import type { ContextServices } from '../../platform/context';
import { ForbiddenError, NotFoundError, ValidationError } from '../../platform/errors';
import type { Caller } from '../../platform/http/caller';
import { recordId } from '../../platform/http/records/list-query';
import { withTables } from '../../platform/read-models/database';
import { roleIn, webinarRow, type WebinarRole } from './access';
import { ensureAssignmentWebinar } from './assignment-webinar';
import { runWebinarCommand } from './commands';
import { webinarEntity } from './entities';
import { WEBINARS_TABLE, type WebinarRow, type WebinarsTables } from './read-model/tables';
import { callerOf } from '../../platform/http/authenticate';

const idParams = z.object({ id: recordId });
const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  status: z.enum(['scheduled', 'finished']).optional(),
});
const STAFF = new Set(['admin', 'manager', 'teacher']);

/**
 * 001 §3 "Generic resource calls": `/api/webinars` (GET list, POST create) and `/api/webinars/{id}`
 * (GET, PUT, DELETE), plus `POST /api/webinars/{id}/end.json` (the moderator ends it for everyone) and
 * `GET /api/assignments/{id}/webinar.json` (an is_webinar assignment's webinar, made on first ask if
 * the process manager has not made it yet). A webinar the caller has no part in is 404, as if absent;
 * a participant who tries a moderator's action gets 403.
 */
export async function webinarsRoutes(app: FastifyInstance, services: ContextServices): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['webinars'];
  const db = withTables<WebinarsTables>(services.db);

  const visible = async (caller: Caller, id: string): Promise<{ row: WebinarRow; role: WebinarRole }> => {
    const row = await webinarRow(services, id);
    const role = row ? await roleIn(services, caller, row) : null;
    if (!row || !role) throw new NotFoundError('Вебинар не найден');
    return { row, role };
  };
  const moderated = async (request: FastifyRequest) => {
    const parsed = recordId.safeParse((request.params as { id?: unknown }).id);
    if (!parsed.success) throw new NotFoundError('Вебинар не найден');
    const found = await visible(callerOf(request), parsed.data);
    if (found.role !== 'moderator') throw new ForbiddenError('Только ведущий может изменить вебинар');
    return found;
  };
  const answer = async (caller: Caller, id: string) => {
    const { row, role } = await visible(caller, id);
    // One webinar's answer names its people for the call's tiles; the list leaves them out.
    return {
      entity: await webinarEntity(services, row, role, { named: true }),
    };
  };

  api.get(
    '/api/webinars',
    { schema: { tags, querystring: listQuery, response: { 200: listAnswer(webinarObject) } } },
    async (request) => {
      const caller = callerOf(request);
      const { page, limit, status } = request.query;
      if (caller.schoolId === null) return pageOf([], page, limit);
      let query = db
        .selectFrom(WEBINARS_TABLE)
        .selectAll()
        .where('school_id', '=', caller.schoolId)
        .where('deleted', '=', false);
      if (status) query = query.where('status', '=', status);
      const rows = await query.orderBy('created_at', 'desc').orderBy('id').limit(2000).execute();
      const mine: Record<string, unknown>[] = [];
      for (const row of rows) {
        const role = await roleIn(services, caller, row);
        if (role) mine.push(await webinarEntity(services, row, role));
      }
      return pageOf(mine, page, limit);
    },
  );

  api.post(
    '/api/webinars',
    { schema: { tags, body: webinarSchema.strict(), response: { 201: entityAnswer(webinarObject) } } },
    async (request, reply) => {
      const caller = callerOf(request);
      if (!STAFF.has(caller.group) || caller.schoolId === null) throw new ForbiddenError('Forbidden');
      const fields = request.body;
      await checkClass(caller, fields.class_id);
      const id = services.newId();
      const webinar: WebinarCreatedData = {
        ...fields,
        id,
        owner_id: caller.userId,
        school_id: caller.schoolId,
        assignment_id: null,
        created_at: services.clock().toISOString(),
      };
      await runWebinarCommand(services, id, { type: 'Create', webinar }, caller);
      return reply.code(201).send(await answer(caller, id));
    },
  );

  api.get(
    '/api/webinars/:id',
    { schema: { tags, params: idParams, response: { 200: entityAnswer(webinarObject) } } },
    async (request) => answer(callerOf(request), request.params.id),
  );

  api.put(
    '/api/webinars/:id',
    {
      preValidation: moderated,
      schema: {
        tags,
        params: idParams,
        body: webinarChangesSchema,
        response: { 200: entityAnswer(webinarObject) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const changes = request.body;
      if (changes.class_id !== undefined) await checkClass(caller, changes.class_id);
      const at = services.clock().toISOString();
      await runWebinarCommand(
        services,
        request.params.id,
        { type: 'Update', id: request.params.id, changes, at },
        caller,
      );
      return answer(caller, request.params.id);
    },
  );

  api.delete(
    '/api/webinars/:id',
    { preValidation: moderated, schema: { tags, params: idParams, response: { 204: noContentAnswer } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const at = services.clock().toISOString();
      await runWebinarCommand(
        services,
        request.params.id,
        { type: 'Delete', id: request.params.id, at },
        caller,
      );
      return reply.code(204).send();
    },
  );

  api.post(
    '/api/webinars/:id/end.json',
    {
      preValidation: moderated,
      schema: { tags, params: idParams, response: { 200: entityAnswer(webinarObject) } },
    },
    async (request) => {
      const caller = callerOf(request);
      const at = services.clock().toISOString();
      await runWebinarCommand(
        services,
        request.params.id,
        { type: 'End', id: request.params.id, by: caller.userId, at },
        caller,
      );
      return answer(caller, request.params.id);
    },
  );

  api.get(
    '/api/assignments/:id/webinar.json',
    { schema: { tags, params: idParams, response: { 200: entityAnswer(webinarObject) } } },
    async (request) => {
      const caller = callerOf(request);
      const id = await ensureAssignmentWebinar(services, request.params.id);
      if (!id) throw new NotFoundError('Вебинар не найден');
      return answer(caller, id);
    },
  );

  /** A class named on a webinar must be one of the caller's school (422 otherwise, by field). */
  async function checkClass(caller: Caller, classId: string | null | undefined): Promise<void> {
    if (!classId) return;
    const found = await db
      .selectFrom('assignments_classes')
      .select('id')
      .where('id', '=', classId)
      .where('school_id', '=', caller.schoolId)
      .where('deleted', '=', false)
      .executeTakeFirst();
    if (!found) throw new ValidationError('Класс не найден', { class_id: ['Класс не найден'] });
  }
}

function pageOf(items: Record<string, unknown>[], page: number, limit: number) {
  const lastPage = Math.max(1, Math.ceil(items.length / limit));
  const current = Math.min(page, lastPage);
  return {
    entities: {
      data: items.slice((current - 1) * limit, current * limit),
      current_page: current,
      last_page: lastPage,
      total: items.length,
      per_page: limit,
    },
  };
}
