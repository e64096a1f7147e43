import {
  basketLine,
  entitiesAnswer,
  entityAnswer,
  geoPlace,
  htmlPage,
  listAnswer,
  paymentOutcome,
  paymentStart,
  salesFigures as salesFiguresAnswer,
  shopGrant,
  shopOrder,
  shopOrderCustomer,
  shopOrderTotal,
  orderCustomerSchema,
} from '@sabaq/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContextServices } from '../../platform/context';
import { DomainError, NotFoundError, ValidationError } from '../../platform/errors';
import { callerOf } from '../../platform/http/authenticate';
import type { Caller } from '../../platform/http/caller';
import { registerCollections } from '../../platform/http/records/routes';
import { shopRecordAccess } from './access-rules';
import { cityDeliveryMethods, paymentProviders, shopCollections } from './collections';
import {
  attachPromo,
  detachPromo,
  holdPromoFor,
  holdStockFor,
  loadOrder,
  openBasket,
  peekBasket,
  productSnapshot,
  runOrder,
} from './commands';
import { basketItems, orderCustomerEntity, orderEntity, orderTotalEntity } from './entities';
import type { OrderState } from './order-decider';
import type { CallbackInput, PaymentProviderAdapter, ProviderSettings } from './payments/provider-port';
import {
  paymentAdapters,
  pageTokenValid,
  signedTestCallback,
  testProvider,
  testProviderPage,
} from './payments/test-provider';
import { holdEnds } from './holds';
import { dashboardRange } from '../analytics/dashboard/range';
import { salesFigures } from './sales-analytics';
import { geocoderFromEnvironment } from './geocoder';
import { MIN_SEARCH_LENGTH } from './geocoder/geocoder-port';
import { formatMoney } from './money';
import { GRANTS_TABLE, ORDERS_TABLE } from './read-model/orders-table';

const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
const STAFF = new Set(['admin', 'manager']);
const noProviders = 'Отсутствуют провайдеры оплаты';
const noDelivery = 'Отсутствуют службы доставки';

/** A provider record's keys, for its adapter only (never answered, never logged). */
const settingsOf = (row: Record<string, unknown>): ProviderSettings => ({
  secretKey: (row.secret_key as string | null) || null,
  webhookSecret: (row.webhook_secret as string | null) || null,
});

/** The shop's calls (001 §7 Basket and payment, 000 §7): see docs/shop.md. */
export async function shopRoutes(app: FastifyInstance, services: ContextServices): Promise<void> {
  await registerCollections(
    app,
    services,
    shopCollections.map((c) => c.collection),
    shopRecordAccess,
  );
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['shop'];
  const now = () => services.clock().toISOString();

  const totalAnswer = async (caller: Caller) => {
    const peek = await peekBasket(services, caller);
    return orderTotalEntity(peek.id, peek.state);
  };
  const needSchool = (caller: Caller) => {
    if (!caller.schoolId) throw new ValidationError('Выберите школу', { school_id: ['Выберите школу'] });
  };

  /** An order the caller may read: their own, or any of their school's for its admins and managers. */
  const readable = async (caller: Caller, orderId: string): Promise<OrderState> => {
    const { state } = await loadOrder(services, orderId);
    const own = state.userId === caller.userId;
    const staff = STAFF.has(caller.group) && state.schoolId !== null && state.schoolId === caller.schoolId;
    if (state.status === 'none' || (!own && !staff)) throw new NotFoundError('Заказ не найден');
    return state;
  };

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
      return totalAnswer(caller);
    },
  );

  const remove = async (caller: Caller, productIds: string[]) => {
    const peek = await peekBasket(services, caller);
    if (peek.state.status === 'basket')
      await runOrder(services, peek.id, { type: 'RemoveItems', productIds, at: now() }, caller);
    return totalAnswer(caller);
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
    totalAnswer(callerOf(request)),
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
      return totalAnswer(caller);
    },
  );
  api.post(
    '/api/order/detach-promocode.json',
    { schema: { tags, response: { 200: shopOrderTotal } } },
    async (request) => {
      const caller = callerOf(request);
      await detachPromo(services, caller);
      return totalAnswer(caller);
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

  api.post(
    '/api/payment/make/:providerId',
    {
      schema: {
        tags,
        params: z.object({ providerId: id }),
        body: z.object({ is_mobile: z.boolean().default(false) }).default({ is_mobile: false }),
        response: { 200: paymentStart },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      needSchool(caller);
      const provider = await services.db
        .selectFrom(paymentProviders.collection.table)
        .selectAll()
        .where('id', '=', request.params.providerId)
        .where('deleted', '=', false)
        .where('school_id', '=', caller.schoolId)
        .executeTakeFirst();
      const adapter = provider ? paymentAdapters[provider.type as string] : undefined;
      if (!provider || !adapter) throw new ValidationError(noProviders, { provider_id: [noProviders] });
      const settings = settingsOf(provider);
      if (adapter.needsKeys && (!settings.secretKey || !settings.webhookSecret))
        throw new ValidationError(noProviders, { provider_id: ['Провайдер оплаты не настроен'] });
      const peek = await peekBasket(services, caller);
      if (peek.state.status !== 'basket')
        throw new ValidationError('Корзина пуста', { basket: ['Корзина пуста'] });
      // The payment holds what it sells: the promo code's use first (the likelier to run out), then the units.
      await holdPromoFor(services, caller, peek.id, peek.state);
      await holdStockFor(services, caller, peek.id, peek.state);
      const paymentId = services.newId();
      const startedAt = now();
      const outcome = await runOrder(
        services,
        peek.id,
        { type: 'StartPayment', paymentId, providerId: provider.id as string, at: startedAt },
        caller,
      );
      const payment = outcome.state.payments.find((p) => p.payment_id === paymentId)!;
      const view = await adapter.view({
        providerId: provider.id as string,
        orderId: peek.id,
        paymentId,
        amount: payment.amount,
        currency: payment.currency,
        isMobile: request.body.is_mobile,
        returnUrl: `${request.protocol}://${request.host}/`,
        expiresAt: holdEnds(startedAt),
        settings,
      });
      return { view, order_id: peek.id, payment_id: paymentId };
    },
  );

  /** The provider's callback: public, trusted only through the adapter's signature check. */
  const callback = async (adapter: PaymentProviderAdapter, input: CallbackInput) => {
    const word = adapter.verifyCallback(input);
    // A well-signed event the shop does not act on: answered 200 so the provider does not send it again.
    if (!word) return { status: null, is_paid: null, ignored: true };
    const { state } = await loadOrder(services, word.orderId);
    if (state.status === 'none') throw new NotFoundError('Заказ не найден');
    const outcome = await runOrder(
      services,
      word.orderId,
      {
        type: 'Callback',
        paymentId: word.paymentId,
        amount: word.amount,
        ...(word.currency ? { currency: word.currency } : {}),
        outcome: word.outcome,
        at: now(),
      },
      null,
      { schoolId: state.schoolId },
    );
    const refused = outcome.events.find((e) => e.type === 'PaymentCallbackRefused');
    if (refused)
      throw new DomainError('Платёж отклонён', 422, 422, { amount: [String(refused.data.reason)] });
    return { status: outcome.state.status, is_paid: outcome.state.paid !== null };
  };
  const noKeys: ProviderSettings = { secretKey: null, webhookSecret: null };
  api.post(
    '/api/payment/callback/:providerType',
    {
      schema: {
        tags,
        params: z.object({ providerType: z.string().max(32) }),
        response: { 200: paymentOutcome },
      },
    },
    async (request) => {
      const adapter = paymentAdapters[request.params.providerType];
      // Providers with keys are called back on their own record's webhook, below.
      if (!adapter || adapter.needsKeys) throw new NotFoundError('Провайдер оплаты не найден');
      const rawBody = JSON.stringify(request.body ?? null);
      return callback(adapter, { body: request.body, rawBody, headers: request.headers, settings: noKeys });
    },
  );
  await app.register(async (scope) => {
    // A webhook's signature covers the exact bytes sent: the body is kept as text and parsed here.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, String(body)),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/payment/webhook/:providerId',
      {
        schema: {
          tags,
          params: z.object({ providerId: id }),
          body: z.string().max(1_000_000),
          response: { 200: paymentOutcome },
        },
      },
      async (request) => {
        const provider = await services.db
          .selectFrom(paymentProviders.collection.table)
          .selectAll()
          .where('id', '=', request.params.providerId)
          .where('deleted', '=', false)
          .executeTakeFirst();
        const adapter = provider ? paymentAdapters[provider.type as string] : undefined;
        if (!provider || !adapter) throw new NotFoundError('Провайдер оплаты не найден');
        let body: unknown;
        try {
          body = JSON.parse(request.body);
        } catch {
          throw new ValidationError('Неверный ответ платёжной системы', { body: ['JSON'] });
        }
        return callback(adapter, {
          body,
          rawBody: request.body,
          headers: request.headers,
          settings: settingsOf(provider),
        });
      },
    );
  });

  // The test provider's bank page, served by the platform (payments/test-provider.ts).
  const pageQuery = z.object({
    order: id,
    amount: z.coerce.number().int().min(0),
    token: z.string().max(128),
  });
  api.get(
    '/payment/test-provider/:paymentId',
    {
      schema: {
        tags,
        params: z.object({ paymentId: id }),
        querystring: pageQuery,
        response: { 200: htmlPage },
      },
    },
    async (request, reply) => {
      const { order, amount, token } = request.query;
      if (!pageTokenValid(order, request.params.paymentId, amount, token))
        throw new NotFoundError('Платёж не найден');
      const { state } = await loadOrder(services, order);
      const payment = state.payments.find((p) => p.payment_id === request.params.paymentId);
      if (!payment) throw new NotFoundError('Платёж не найден');
      reply.type('text/html; charset=utf-8');
      return testProviderPage({
        orderId: order,
        paymentId: payment.payment_id,
        amount,
        currency: payment.currency,
        token,
        formatted: formatMoney(amount, payment.currency),
      });
    },
  );
  await app.register(async (scope) => {
    // The bank page's buttons are plain HTML forms.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const press = z.object({
      order_id: id,
      amount: z.coerce.number().int().min(0),
      token: z.string().max(128),
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/payment/test-provider/:paymentId/:outcome',
      {
        schema: {
          tags,
          params: z.object({ paymentId: id, outcome: z.enum(['pay', 'decline']) }),
          body: press,
          response: { 200: htmlPage },
        },
      },
      async (request, reply) => {
        const { order_id, amount, token } = request.body;
        if (!pageTokenValid(order_id, request.params.paymentId, amount, token))
          throw new NotFoundError('Платёж не найден');
        const signed = signedTestCallback({
          orderId: order_id,
          paymentId: request.params.paymentId,
          amount,
          outcome: request.params.outcome === 'pay' ? 'paid' : 'declined',
        });
        const answer = await callback(testProvider, {
          body: signed,
          rawBody: JSON.stringify(signed),
          headers: {},
          settings: noKeys,
        });
        reply.type('text/html; charset=utf-8');
        return `<!doctype html><html><head><meta charset="utf-8"></head><body><p>${answer.is_paid ? 'Paid' : 'Declined'}</p></body></html>`;
      },
    );
  });

  // Orders (000 §2 /m/orders): a school's admins and managers see its orders; anyone else their own.
  const listQuery = z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(25),
    query: z.string().max(200).optional(),
    status: z.enum(['basket', 'paid', 'completed', 'refunded']).optional(),
  });
  const ordersOf = async (caller: Caller, q: z.infer<typeof listQuery>) => {
    let query = services.db.selectFrom(ORDERS_TABLE).selectAll();
    query = STAFF.has(caller.group)
      ? query.where('school_id', '=', caller.schoolId)
      : query.where('user_id', '=', caller.userId);
    if (q.status) query = query.where('status', '=', q.status);
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
        entities: { data: rows.map((r) => orderEntity(r.id as string, r.state as OrderState)), ...page },
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
      const data = rows.flatMap((r) => orderCustomerEntity(r.id as string, r.state as OrderState) ?? []);
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

  // 000 §5, §7: the order form's address search and the map's reverse lookup (`raw`: "lat,lng").
  const geocoder = geocoderFromEnvironment();
  const flag = z
    .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])])
    .transform((v) => v === true || v === '1' || v === 'true');
  const geocoderQuery = z.object({
    address: z.string().max(500).default(''),
    city_id: id.optional(),
    raw: flag.default(false),
    limit: z.coerce.number().int().min(1).max(20).default(10),
  });
  api.get(
    '/api/geocoder',
    { schema: { tags, querystring: geocoderQuery, response: { 200: entitiesAnswer(geoPlace) } } },
    async (request) => {
      const { address, city_id, raw, limit } = request.query;
      if (raw) {
        const point = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(address);
        const lat = Number(point?.[1]);
        const lng = Number(point?.[2]);
        if (!point || Math.abs(lat) > 90 || Math.abs(lng) > 180)
          throw new ValidationError('Неверные координаты', { address: ['Неверные координаты'] });
        return { entities: await geocoder.reverse({ lat, lng, limit }) };
      }
      // The search starts after 3 characters, on the server too: a shorter text finds nothing.
      if (address.trim().length < MIN_SEARCH_LENGTH) return { entities: [] };
      return { entities: await geocoder.search({ text: address.trim(), cityId: city_id ?? null, limit }) };
    },
  );

  // The shop's figures for the school's dashboard, from ClickHouse (sales-analytics.ts).
  api.get(
    '/api/shop/analytics.json',
    {
      schema: {
        tags,
        querystring: z.object({ from: z.string().max(40).optional(), to: z.string().max(40).optional() }),
        response: { 200: entityAnswer(salesFiguresAnswer) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      if (caller.schoolId === null) throw new NotFoundError('Школа не выбрана');
      const range = dashboardRange(request.query.from, request.query.to, services.clock());
      return { entity: await salesFigures(services.analytics, caller.schoolId, range) };
    },
  );

  // What the caller's paid orders grant (courses, prepaid assignments, invite codes' products).
  api.get(
    '/api/shop/grants.json',
    { schema: { tags, response: { 200: entitiesAnswer(shopGrant) } } },
    async (request) => {
      const caller = callerOf(request);
      const rows = await services.db
        .selectFrom(GRANTS_TABLE)
        .selectAll()
        .where('user_id', '=', caller.userId)
        .where('revoked', '=', false)
        .execute();
      return { entities: rows.map(({ revoked: _r, ...row }) => row) };
    },
  );
}
