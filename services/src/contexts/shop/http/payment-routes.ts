import { paymentOutcome, paymentStart } from '@sabaq/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContextServices } from '../../../platform/context';
import { NotFoundError, ValidationError } from '../../../platform/errors';
import { callerOf } from '../../../platform/http/authenticate';
import { withTables } from '../../../platform/read-models/database';
import { holdPromoFor, holdStockFor, peekBasket, runOrder } from '../commands';
import { holdEnds } from '../holds';
import { paymentAdapters } from '../payments/test-provider';
import { SHOP_RECORD_TABLES, type ShopTables } from '../read-model/tables';
import { noKeys, paymentCallback } from './payment-callback';
import { id, needSchool, nowOf, settingsOf, tags } from './route-kit';

const noProviders = 'Отсутствуют провайдеры оплаты';

/** Paying the basket: the start of a payment, and the providers' callbacks and webhooks (001 §7). */
export async function paymentRoutes(app: FastifyInstance, services: ContextServices): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const now = nowOf(services);
  const db = withTables<ShopTables>(services.db);

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
      const provider = await db
        .selectFrom(SHOP_RECORD_TABLES.paymentProviders)
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
        { type: 'StartPayment', paymentId, providerId: provider.id, at: startedAt },
        caller,
      );
      const payment = outcome.state.payments.find((p) => p.payment_id === paymentId)!;
      const view = await adapter.view({
        providerId: provider.id,
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
      return paymentCallback(services, adapter, {
        body: request.body,
        rawBody,
        headers: request.headers,
        settings: noKeys,
      });
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
        const provider = await db
          .selectFrom(SHOP_RECORD_TABLES.paymentProviders)
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
        return paymentCallback(services, adapter, {
          body,
          rawBody: request.body,
          headers: request.headers,
          settings: settingsOf(provider),
        });
      },
    );
  });
}
