import { htmlPage } from '@sabaq/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContextServices } from '../../../platform/context';
import { NotFoundError } from '../../../platform/errors';
import { loadOrder } from '../commands';
import { formatMoney } from '../money';
import {
  pageTokenValid,
  signedTestCallback,
  testProvider,
  testProviderPage,
} from '../payments/test-provider';
import { noKeys, paymentCallback } from './payment-callback';
import { id, tags } from './route-kit';

/** The test provider's bank page, served by the platform (payments/test-provider.ts). */
export async function testProviderRoutes(app: FastifyInstance, services: ContextServices): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
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
        const answer = await paymentCallback(services, testProvider, {
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
}
