import { notificationAnswer, notificationListAnswer, unreadAnswer } from '@sabaq/events';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { ContextServices } from '../../platform/context';
import { NotFoundError } from '../../platform/errors';
import type { Caller } from '../../platform/http/caller';
import { recordId } from '../../platform/http/records/list-query';
import { waitForProjections } from '../../platform/projections/wait-for-projection';
import { withTables } from '../../platform/read-models/database';
import { notificationStream } from './ids';
import { notificationEntity, type NotificationRow } from './read-model/entities';
import { NOTIFICATIONS_PROJECTION, NOTIFICATIONS_TABLE, type NotificationsTables } from './read-model/tables';
import { callerOf } from '../../platform/http/authenticate';

const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** `unread` (the default): unread first, then newest; `created_at`: by date only. */
  orderBy: z.enum(['unread', 'created_at']).default('unread'),
  sortedBy: z.enum(['asc', 'desc']).default('desc'),
});
const idParams = z.object({ id: recordId });
const readBody = z.strictObject({ is_read: z.boolean() });

/**
 * The caller's own notifications (000 §3, §7), whatever their school: a notification is personal.
 * - `GET /api/notifications`: paged under entities.data, with `unread` (the badge) beside it;
 * - `GET /api/notifications/{id}`, `PUT /api/notifications/{id}` { is_read };
 * - `POST /api/notifications/read-all.json`: everything received so far is read.
 * Anybody else's notification is 404, as if absent.
 */
export async function notificationsRoutes(app: FastifyInstance, services: ContextServices): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  const db = withTables<NotificationsTables>(services.db);
  const mine = (caller: Caller) => db.selectFrom(NOTIFICATIONS_TABLE).where('owner_id', '=', caller.userId);

  const unreadOf = async (caller: Caller) => {
    const row = await mine(caller)
      .select(sql<string>`count(*)`.as('n'))
      .where('is_read', '=', false)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  };

  const own = async (caller: Caller, id: string): Promise<NotificationRow> => {
    const row = await mine(caller).selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new NotFoundError('Уведомление не найдено');
    return row;
  };

  api.get(
    '/api/notifications',
    { schema: { tags, querystring: listQuery, response: { 200: notificationListAnswer } } },
    async (request) => {
      const caller = callerOf(request);
      const { page, limit, orderBy, sortedBy } = request.query;
      const total = Number(
        (
          await mine(caller)
            .select(sql<string>`count(*)`.as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
      const lastPage = Math.max(1, Math.ceil(total / limit));
      const current = Math.min(page, lastPage);
      let query = mine(caller).selectAll();
      if (orderBy === 'unread') query = query.orderBy('is_read', 'asc');
      const rows = await query
        .orderBy('created_at', sortedBy)
        .orderBy('id', sortedBy)
        .limit(limit)
        .offset((current - 1) * limit)
        .execute();
      return {
        entities: {
          data: rows.map(notificationEntity),
          current_page: current,
          last_page: lastPage,
          total,
          per_page: limit,
        },
        unread: await unreadOf(caller),
      };
    },
  );

  api.get(
    '/api/notifications/:id',
    { schema: { tags, params: idParams, response: { 200: notificationAnswer } } },
    async (request) => ({
      entity: notificationEntity(await own(callerOf(request), request.params.id)),
    }),
  );

  api.put(
    '/api/notifications/:id',
    {
      // Another user's notification is 404 before the body is looked at: nothing about it leaks.
      preValidation: async (request: FastifyRequest) => {
        const parsed = recordId.safeParse((request.params as { id?: unknown }).id);
        if (!parsed.success) throw new NotFoundError('Уведомление не найдено');
        await own(callerOf(request), parsed.data);
      },
      schema: { tags, params: idParams, body: readBody, response: { 200: notificationAnswer } },
    },
    async (request) => {
      const caller = callerOf(request);
      const row = await own(caller, request.params.id);
      if (row.is_read !== request.body.is_read) {
        const result = await services.store.append(notificationStream(caller.userId), [
          {
            id: services.newId(),
            type: 'NotificationRead',
            data: {
              id: row.id,
              recipient_id: caller.userId,
              is_read: request.body.is_read,
              at: services.clock().toISOString(),
            },
            metadata: { userId: caller.userId },
          },
        ]);
        await waitForProjections(services.db, [NOTIFICATIONS_PROJECTION], result.lastGlobalPosition);
      }
      return {
        entity: notificationEntity(await own(caller, request.params.id)),
        unread: await unreadOf(caller),
      };
    },
  );

  api.post(
    '/api/notifications/read-all.json',
    { schema: { tags, response: { 200: unreadAnswer } } },
    async (request) => {
      const caller = callerOf(request);
      const stream = notificationStream(caller.userId);
      const version = await services.store.streamVersion(stream);
      if (version >= 0 && (await unreadOf(caller)) > 0) {
        const result = await services.store.append(stream, [
          {
            id: services.newId(),
            type: 'NotificationsAllRead',
            data: { recipient_id: caller.userId, up_to: version, at: services.clock().toISOString() },
            metadata: { userId: caller.userId },
          },
        ]);
        await waitForProjections(services.db, [NOTIFICATIONS_PROJECTION], result.lastGlobalPosition);
      }
      return { unread: await unreadOf(caller) };
    },
  );
}
