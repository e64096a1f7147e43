import {
  basketLine,
  entitiesAnswer,
  entityAnswer,
  orderCustomerSchema,
  shopCatalogueItem,
  shopOrderCustomer,
  shopOrderTotal,
} from '@sabaq/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContextServices } from '../../../platform/context';
import { ValidationError } from '../../../platform/errors';
import { callerOf } from '../../../platform/http/authenticate';
import { requestedFields, trimFields } from '../../../platform/http/records/fields';
import { withTables } from '../../../platform/read-models/database';
import { formatMoney } from '../money';
import {
  attachPromo,
  checkStock,
  detachPromo,
  guestProduct,
  loadOrder,
  openBasket,
  peekBasket,
  productSnapshot,
  runOrder,
} from '../commands';
import { basketItems, orderCustomerEntity } from '../entities';
import { GUEST_SESSION_HEADER, GUEST_SESSION_SHAPE, mergeGuestBasket, runGuest } from '../guest-basket';
import { MAX_LINE_QUANTITY } from '../order-decider';
import { SHOP_RECORD_TABLES, type ShopTables } from '../read-model/tables';
import { badSession, basketOwner, ownerBasket, ownerTotal, type BasketOwner } from './basket-owner';
import { id, needSchool, nowOf, tags, totalAnswer } from './route-kit';

const noDelivery = 'Отсутствуют службы доставки';
/** At most this many products on a school's public page. */
const CATALOGUE_SIZE = 100;

/**
 * The basket and the order being filled: items, promo code, customer and delivery (001 §7). The item
 * calls also serve a guest (no token, a session id in `X-Basket-Session`); the promo code, the customer
 * and the payment need a signed-in user.
 */
export function basketRoutes(app: FastifyInstance, services: ContextServices): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const now = nowOf(services);
  const ownerOf = basketOwner(services);

  const listAnswer = async (owner: BasketOwner, header: string | string[] | undefined) => {
    const basket = await ownerBasket(services, owner);
    const sessionId = owner.kind === 'guest' ? owner.key : null;
    const items = basketItems(basket.id, basket.state).map((item) => ({ ...item, session_id: sessionId }));
    // 000 §7: the list is asked with a header naming the wanted fields, dotted into the product
    // (`product.name`) as the records' lists take them; id always travels.
    const paths = requestedFields(header);
    const entities = paths ? (trimFields(items, [['id'], ...paths]) as typeof items) : items;
    return { entities };
  };

  api.get(
    '/api/basket',
    { schema: { tags, response: { 200: entitiesAnswer(basketLine) } } },
    async (request) =>
      listAnswer(await ownerOf(request, { read: true }), request.headers['x-requested-fields']),
  );

  api.post(
    '/api/basket/add.json',
    { schema: { tags, body: z.object({ product_id: id }), response: { 200: shopOrderTotal } } },
    async (request) => {
      const owner = await ownerOf(request);
      if (owner.kind === 'guest') {
        const { schoolId, product } = await guestProduct(services, request.body.product_id);
        const { quantity: _stock, ...snapshot } = product;
        await owner.admit();
        await runGuest(services, owner.key, { type: 'Add', product: snapshot, schoolId, at: now() });
        return ownerTotal(services, owner);
      }
      const { caller } = owner;
      needSchool(caller);
      const { quantity: _stock, ...product } = await productSnapshot(
        services,
        caller,
        request.body.product_id,
      );
      const orderId = await openBasket(services, caller);
      await runOrder(services, orderId, { type: 'AddItem', product, at: now() }, caller);
      return ownerTotal(services, owner);
    },
  );

  api.post(
    '/api/basket/quantity.json',
    {
      schema: {
        tags,
        body: z.object({
          id,
          quantity: z.coerce
            .number({ error: 'Введите количество' })
            .int('Введите целое число')
            .min(1, 'Не меньше 1')
            .max(MAX_LINE_QUANTITY, `Не больше ${MAX_LINE_QUANTITY}`),
        }),
        response: { 200: shopOrderTotal },
      },
    },
    async (request) => {
      const owner = await ownerOf(request);
      const { id: productId, quantity } = request.body;
      const basket = await ownerBasket(services, owner);
      const line = basket.state.lines.find((l) => l.product.product_id === productId);
      if (!line) throw new ValidationError('Товара нет в корзине', { id: ['Товара нет в корзине'] });
      // More units of a physical product than are left beside other orders' holds: 422 now, not at payment.
      if (quantity > line.quantity) await checkStock(services, line.product, basket.id, quantity);
      const command = { type: 'SetQuantity' as const, productId, quantity, at: now() };
      if (owner.kind === 'guest') await runGuest(services, owner.key, command);
      else await runOrder(services, basket.id, command, owner.caller);
      return ownerTotal(services, owner);
    },
  );

  const remove = async (owner: BasketOwner, productIds: string[]) => {
    if (owner.kind === 'guest') {
      await runGuest(services, owner.key, { type: 'Remove', productIds, at: now() });
      return ownerTotal(services, owner);
    }
    const peek = await peekBasket(services, owner.caller);
    if (peek.state.status === 'basket')
      await runOrder(services, peek.id, { type: 'RemoveItems', productIds, at: now() }, owner.caller);
    return ownerTotal(services, owner);
  };
  api.post(
    '/api/basket/remove.json',
    { schema: { tags, body: z.object({ product_id: id }), response: { 200: shopOrderTotal } } },
    async (request) => remove(await ownerOf(request), [request.body.product_id]),
  );
  api.post(
    '/api/basket/clear.json',
    { schema: { tags, body: z.object({ ids: z.array(id).max(1000) }), response: { 200: shopOrderTotal } } },
    async (request) => remove(await ownerOf(request), request.body.ids),
  );

  // A school's shop page for everyone, guests included: its products on sale (no stock, no grants).
  api.get(
    '/api/shop/catalogue.json',
    {
      schema: {
        tags,
        querystring: z.object({ school_id: id }),
        response: { 200: entitiesAnswer(shopCatalogueItem) },
      },
    },
    async (request) => {
      const rows = await withTables<ShopTables>(services.db)
        .selectFrom(SHOP_RECORD_TABLES.products)
        .selectAll()
        .where('school_id', '=', request.query.school_id)
        .where('deleted', '=', false)
        .where('status', '=', 'active')
        .orderBy('name')
        .limit(CATALOGUE_SIZE)
        .execute();
      const entities = rows.map((row) => ({
        id: row.id,
        name: row.name as string,
        description: row.description ?? null,
        image: row.image ?? null,
        price: { raw: Number(row.price), formatted: formatMoney(Number(row.price), row.currency as string) },
        currency: row.currency as string,
        shipment_type: row.shipment_type as string,
        payment_type: row.payment_type as string,
      }));
      return { entities };
    },
  );

  // After signing in or registering, the web hands over the guest's session: its basket merges once.
  api.post(
    '/api/basket/merge.json',
    { schema: { tags, response: { 200: shopOrderTotal } } },
    async (request) => {
      const caller = callerOf(request);
      const sessionId = request.headers[GUEST_SESSION_HEADER];
      if (typeof sessionId !== 'string' || !GUEST_SESSION_SHAPE.test(sessionId))
        throw new ValidationError(badSession, { session: [badSession] });
      await mergeGuestBasket(services, caller, sessionId);
      return totalAnswer(services, caller);
    },
  );

  api.get('/api/order/total.json', { schema: { tags, response: { 200: shopOrderTotal } } }, async (request) =>
    ownerTotal(services, await ownerOf(request, { read: true })),
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
      const method = await withTables<ShopTables>(services.db)
        .selectFrom(SHOP_RECORD_TABLES.cityDeliveryMethods)
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
