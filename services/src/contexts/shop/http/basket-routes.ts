import {
  basketLine,
  entitiesAnswer,
  entityAnswer,
  orderCustomerSchema,
  shopOrderCustomer,
  shopOrderTotal,
} from '@sabaq/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContextServices } from '../../../platform/context';
import { ValidationError } from '../../../platform/errors';
import { callerOf } from '../../../platform/http/authenticate';
import type { Caller } from '../../../platform/http/caller';
import { cityDeliveryMethods } from '../collections';
import {
  attachPromo,
  detachPromo,
  loadOrder,
  openBasket,
  peekBasket,
  productSnapshot,
  runOrder,
} from '../commands';
import { basketItems, orderCustomerEntity } from '../entities';
import { id, needSchool, nowOf, tags, totalAnswer } from './route-kit';

const noDelivery = 'Отсутствуют службы доставки';

/** The basket and the order being filled: items, promo code, customer and delivery (001 §7). */
export function basketRoutes(app: FastifyInstance, services: ContextServices): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const now = nowOf(services);

  api.get(
    '/api/basket',
    { schema: { tags, response: { 200: entitiesAnswer(basketLine) } } },
    async (request) => {
      const caller = callerOf(request);
      const peek = await peekBasket(services, caller);
      const items = basketItems(peek.id, peek.state);
      // 000 §7: the list is asked with a header naming the wanted fields; id always travels.
      const header = request.headers['x-requested-fields'];
      const wanted =
        typeof header === 'string' && header.trim() ? new Set(header.split(',').map((f) => f.trim())) : null;
      const entities = wanted
        ? items.map((item) =>
            Object.fromEntries(Object.entries(item).filter(([k]) => k === 'id' || wanted.has(k))),
          )
        : items;
      return { entities };
    },
  );

  api.post(
    '/api/basket/add.json',
    { schema: { tags, body: z.object({ product_id: id }), response: { 200: shopOrderTotal } } },
    async (request) => {
      const caller = callerOf(request);
      needSchool(caller);
      const { quantity: _stock, ...product } = await productSnapshot(
        services,
        caller,
        request.body.product_id,
      );
      const orderId = await openBasket(services, caller);
      await runOrder(services, orderId, { type: 'AddItem', product, at: now() }, caller);
      return totalAnswer(services, caller);
    },
  );

  const remove = async (caller: Caller, productIds: string[]) => {
    const peek = await peekBasket(services, caller);
    if (peek.state.status === 'basket')
      await runOrder(services, peek.id, { type: 'RemoveItems', productIds, at: now() }, caller);
    return totalAnswer(services, caller);
  };
  api.post(
    '/api/basket/remove.json',
    { schema: { tags, body: z.object({ product_id: id }), response: { 200: shopOrderTotal } } },
    async (request) => remove(callerOf(request), [request.body.product_id]),
  );
  api.post(
    '/api/basket/clear.json',
    { schema: { tags, body: z.object({ ids: z.array(id).max(1000) }), response: { 200: shopOrderTotal } } },
    async (request) => remove(callerOf(request), request.body.ids),
  );

  api.get('/api/order/total.json', { schema: { tags, response: { 200: shopOrderTotal } } }, async (request) =>
    totalAnswer(services, callerOf(request)),
  );

  api.post(
    '/api/order/attach-promocode.json',
    {
      schema: {
        tags,
        body: z.object({ promocode: z.string().trim().min(1, 'Введите промокод').max(64) }),
        response: { 200: shopOrderTotal },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      needSchool(caller);
      await attachPromo(services, caller, request.body.promocode);
      return totalAnswer(services, caller);
    },
  );
  api.post(
    '/api/order/detach-promocode.json',
    { schema: { tags, response: { 200: shopOrderTotal } } },
    async (request) => {
      const caller = callerOf(request);
      await detachPromo(services, caller);
      return totalAnswer(services, caller);
    },
  );

  api.get(
    '/api/order/customer.json',
    { schema: { tags, response: { 200: entityAnswer(shopOrderCustomer.nullable()) } } },
    async (request) => {
      const caller = callerOf(request);
      const peek = await peekBasket(services, caller);
      return { entity: orderCustomerEntity(peek.id, peek.state) };
    },
  );
  api.post(
    '/api/order/customer.json',
    {
      schema: {
        tags,
        body: orderCustomerSchema,
        response: { 200: entityAnswer(shopOrderCustomer.nullable()) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      needSchool(caller);
      const customer = request.body;
      const method = await services.db
        .selectFrom(cityDeliveryMethods.collection.table)
        .selectAll()
        .where('id', '=', customer.city_delivery_method_id)
        .where('deleted', '=', false)
        .where('school_id', '=', caller.schoolId)
        .executeTakeFirst();
      if (!method || method.city_id !== customer.city_id)
        throw new ValidationError(noDelivery, { city_delivery_method_id: [noDelivery] });
      const orderId = await openBasket(services, caller);
      const delivery = { cost: Number(method.cost), currency: method.currency as string };
      await runOrder(services, orderId, { type: 'SaveCustomer', customer, delivery, at: now() }, caller);
      const { state } = await loadOrder(services, orderId);
      return { entity: orderCustomerEntity(orderId, state) };
    },
  );
}
