import { sql } from 'kysely';
import {
  entitiesAnswer,
  entityAnswer,
  listAnswer,
  shopGrant,
  shopOrder,
  shopOrderCustomer,
} from '@sabaq/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContextServices } from '../../../platform/context';
import { NotFoundError } from '../../../platform/errors';
import { callerOf } from '../../../platform/http/authenticate';
import type { Caller } from '../../../platform/http/caller';
import { withTables } from '../../../platform/read-models/database';
import { loadOrder, runOrder } from '../commands';
import { orderCustomerEntity, orderEntity } from '../entities';
import type { OrderState } from '../order-decider';
import { GRANTS_TABLE, ORDERS_TABLE, type OrdersTables } from '../read-model/orders-table';
import { id, nowOf, STAFF, tags } from './route-kit';

const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  query: z.string().max(200).optional(),
  status: z.enum(['basket', 'paid', 'completed', 'refunded']).optional(),
  /** The orders with this product among their lines (the product's view lists its recent orders). */
  product_id: id.optional(),
});

/**
 * Orders (000 §2 /m/orders): a school's admins and managers see its orders, customers and refund them;
 * anyone else sees their own, and what their paid orders grant.
 */
export function orderRoutes(app: FastifyInstance, services: ContextServices): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const now = nowOf(services);
  const db = withTables<OrdersTables>(services.db);

  /** An order the caller may read: their own, or any of their school's for its admins and managers. */
  const readable = async (caller: Caller, orderId: string): Promise<OrderState> => {
    const { state } = await loadOrder(services, orderId);
    const own = state.userId === caller.userId;
    const staff = STAFF.has(caller.group) && state.schoolId !== null && state.schoolId === caller.schoolId;
    if (state.status === 'none' || (!own && !staff)) throw new NotFoundError('Заказ не найден');
    return state;
  };

  const ordersOf = async (caller: Caller, q: z.infer<typeof listQuery>) => {
    let query = db.selectFrom(ORDERS_TABLE).selectAll();
    query = STAFF.has(caller.group)
      ? query.where('school_id', '=', caller.schoolId)
      : query.where('user_id', '=', caller.userId);
    if (q.status) query = query.where('status', '=', q.status);
    if (q.product_id) {
      const line = JSON.stringify({ lines: [{ product: { product_id: q.product_id } }] });
      query = query.where(sql<boolean>`state @> ${line}::jsonb`);
    }
    if (q.query) {
      const like = `%${q.query.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) =>
        eb.or([eb('id', 'ilike', like), eb('user_id', 'ilike', like), eb('promocode', 'ilike', like)]),
      );
    }
    const total = await query
      .clearSelect()
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    const rows = await query
      .orderBy('created_at', 'desc')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute();
    const count = Number(total?.n ?? 0);
    return {
      rows,
      page: {
        current_page: q.page,
        last_page: Math.max(1, Math.ceil(count / q.limit)),
        total: count,
        per_page: q.limit,
      },
    };
  };
  api.get(
    '/api/orders',
    { schema: { tags, querystring: listQuery, response: { 200: listAnswer(shopOrder) } } },
    async (request) => {
      const { rows, page } = await ordersOf(callerOf(request), request.query);
      return {
        entities: { data: rows.map((r) => orderEntity(r.id, r.state)), ...page },
      };
    },
  );
  api.get(
    '/api/orders/:id',
    { schema: { tags, params: z.object({ id }), response: { 200: entityAnswer(shopOrder) } } },
    async (request) => {
      const state = await readable(callerOf(request), request.params.id);
      return { entity: orderEntity(request.params.id, state) };
    },
  );
  api.get(
    '/api/order-customers',
    { schema: { tags, querystring: listQuery, response: { 200: listAnswer(shopOrderCustomer) } } },
    async (request) => {
      const { rows, page } = await ordersOf(callerOf(request), request.query);
      const data = rows.flatMap((r) => orderCustomerEntity(r.id, r.state) ?? []);
      return { entities: { data, ...page } };
    },
  );
  api.get(
    '/api/order-customers/:id',
    {
      schema: {
        tags,
        params: z.object({ id }),
        response: { 200: entityAnswer(shopOrderCustomer.nullable()) },
      },
    },
    async (request) => {
      const state = await readable(callerOf(request), request.params.id);
      const entity = orderCustomerEntity(request.params.id, state);
      if (!entity) throw new NotFoundError('Покупатель не найден');
      return { entity };
    },
  );
  api.post(
    '/api/orders/:id/refund.json',
    { schema: { tags, params: z.object({ id }), response: { 200: entityAnswer(shopOrder) } } },
    async (request) => {
      const caller = callerOf(request);
      await readable(caller, request.params.id);
      const outcome = await runOrder(
        services,
        request.params.id,
        { type: 'Refund', by: caller.userId, at: now() },
        caller,
      );
      return { entity: orderEntity(request.params.id, outcome.state) };
    },
  );

  // What the caller's paid orders grant (courses, prepaid assignments, invite codes' products).
  api.get(
    '/api/shop/grants.json',
    { schema: { tags, response: { 200: entitiesAnswer(shopGrant) } } },
    async (request) => {
      const caller = callerOf(request);
      const rows = await db
        .selectFrom(GRANTS_TABLE)
        .selectAll()
        .where('user_id', '=', caller.userId)
        .where('revoked', '=', false)
        .execute();
      return { entities: rows.map(({ revoked: _r, ...row }) => row) };
    },
  );
}
