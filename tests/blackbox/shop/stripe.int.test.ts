import { createRegistry } from '@sabaq/events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStream } from '../../../services/src/contexts/shop/ids';
import { HOLD_MINUTES } from '../../../services/src/contexts/shop/holds';
import { tokenFor } from '../records/records-app';
import { caller } from '../schools/contexts-app';
import { startShopApp, type ShopApp } from './shop-app';

/**
 * The Stripe Checkout adapter against Stripe's documented shapes, without the network: the SDK talks to
 * a fake of Stripe's API on 127.0.0.1 (it answers `POST /v1/checkout/sessions` as Stripe does), and
 * the webhooks are Stripe's documented event payloads signed with the SDK's own test header helper.
 */
const SECRET_KEY = 'sk_test_sabaq_fake_key';
const WEBHOOK_SECRET = 'whsec_sabaq_fake_secret';
let env: ShopApp;
let fake: Server;
const sessionsAsked: { form: URLSearchParams; headers: IncomingMessage['headers'] }[] = [];
const call = caller(() => env.app);
const manager = tokenFor('manager', 'school-a');
const buyer = tokenFor('student', 'school-a', 1);
const ids: Record<string, string> = {};
const stripe = new Stripe('sk_test_for_signing_only');

/** The fake Stripe API: one Checkout Session per idempotency key, as Stripe keeps them. */
function startFakeStripe(): Promise<string> {
  const sessions = new Map<string, object>();
  fake = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.headers.authorization !== `Bearer ${SECRET_KEY}`) {
        res.statusCode = 401;
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key' } }));
        return;
      }
      if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions') {
        res.statusCode = 404;
        res.end(
          JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } }),
        );
        return;
      }
      const form = new URLSearchParams(text);
      sessionsAsked.push({ form, headers: req.headers });
      const key = String(req.headers['idempotency-key']);
      let session = sessions.get(key);
      if (!session) {
        const id = `cs_test_${sessions.size + 1}`;
        session = {
          id,
          object: 'checkout.session',
          mode: 'payment',
          status: 'open',
          payment_status: 'unpaid',
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
          currency: form.get('line_items[0][price_data][currency]'),
          client_reference_id: form.get('client_reference_id'),
          metadata: {
            order_id: form.get('metadata[order_id]'),
            payment_id: form.get('metadata[payment_id]'),
          },
          expires_at: Number(form.get('expires_at')),
          url: `https://checkout.stripe.com/c/pay/${id}`,
        };
        sessions.set(key, session);
      }
      res.end(JSON.stringify(session));
    });
  });
  return new Promise((resolve) =>
    fake.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(fake.address() as AddressInfo).port}`)),
  );
}

/** A Stripe event (the documented envelope) around `object`, signed for the endpoint. */
function signed(type: string, object: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    id: `evt_${type}_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    api_version: '2025-10-29.clover',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, header };
}
async function deliver(event: { payload: string; header: string }, providerId = ids.provider!) {
  const answer = await env.app.inject({
    method: 'POST',
    url: `/api/payment/webhook/${providerId}`,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.header },
    payload: event.payload,
  });
  return { status: answer.statusCode, body: answer.json() as Record<string, unknown> };
}
const session = (over: Record<string, unknown> = {}) => ({
  id: 'cs_test_1',
  object: 'checkout.session',
  mode: 'payment',
  status: 'complete',
  payment_status: 'paid',
  amount_total: 1_000_000,
  currency: 'kzt',
  client_reference_id: ids.order,
  payment_intent: 'pi_test_1',
  metadata: { order_id: ids.order, payment_id: ids.payment },
  ...over,
});
const charge = (over: Record<string, unknown> = {}) => ({
  id: 'ch_test_1',
  object: 'charge',
  amount: 1_000_000,
  amount_refunded: 1_000_000,
  currency: 'kzt',
  refunded: true,
  payment_intent: 'pi_test_1',
  metadata: { order_id: ids.order, payment_id: ids.payment },
  ...over,
});
const orderEvents = async () => (await env.store.readStream(orderStream(ids.order!))).map((e) => e.type);
const grants = async () => (await call('GET', '/api/shop/grants.json', buyer)).body.entities as unknown[];

beforeAll(async () => {
  process.env.SHOP_STRIPE_API_URL = await startFakeStripe();
  env = await startShopApp({ database: 'shop_stripe' });
  const made = await call('POST', '/api/products', manager, {
    name: 'Курс',
    price: 1_000_000,
    currency: 'KZT',
    course_id: 'course-stripe',
  });
  ids.product = made.body.entity!.id;
  const provider = await call('POST', '/api/payment-providers', manager, {
    name: 'Stripe',
    type: 'stripe',
    secret_key: SECRET_KEY,
    webhook_secret: WEBHOOK_SECRET,
  });
  expect(provider.status, JSON.stringify(provider.body)).toBe(201);
  ids.provider = provider.body.entity!.id;
  const unconfigured = await call('POST', '/api/payment-providers', manager, {
    name: 'Без ключей',
    type: 'stripe',
  });
  ids.unconfigured = unconfigured.body.entity!.id;
}, 120_000);
afterAll(async () => {
  delete process.env.SHOP_STRIPE_API_URL;
  await env?.close();
  await new Promise((resolve) => fake?.close(resolve));
});

describe('a Stripe provider record', () => {
  it('keeps its keys to itself', async () => {
    const read = await call('GET', `/api/payment-providers/${ids.provider}`, manager);
    const text = JSON.stringify(read.body);
    expect(text).not.toContain(SECRET_KEY);
    expect(text).not.toContain(WEBHOOK_SECRET);
    expect(read.body.entity).toMatchObject({
      type: 'stripe',
      options: { has_secret_key: true, has_webhook_secret: true },
    });
    // Stored in the record's event, and redacted from every copy leaving the store (Kafka, ClickHouse).
    const [created] = await env.store.readStream(`shop_payment_provider-${ids.provider}`);
    expect(JSON.stringify(created!.data)).toContain(SECRET_KEY);
    const copy = JSON.stringify(createRegistry().redact(created!).data);
    expect(copy).not.toContain(SECRET_KEY);
    expect(copy).not.toContain(WEBHOOK_SECRET);
  });

  it('refuses a payment through a provider without keys', async () => {
    await call('POST', '/api/basket/add.json', buyer, { product_id: ids.product });
    const refused = await call('POST', `/api/payment/make/${ids.unconfigured}`, buyer, {});
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Отсутствуют провайдеры оплаты');
  });
});

describe('Stripe Checkout', () => {
  it('creates a Checkout Session for the total in minor units, keyed by the payment', async () => {
    const before = Date.now();
    const made = await call('POST', `/api/payment/make/${ids.provider}`, buyer, { is_mobile: false });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    ids.order = String(made.body.order_id);
    ids.payment = String(made.body.payment_id);
    expect(made.body.view).toContain('href="https://checkout.stripe.com/c/pay/cs_test_1"');
    const asked = sessionsAsked.at(-1)!;
    expect(asked.form.get('mode')).toBe('payment');
    expect(asked.form.get('line_items[0][price_data][unit_amount]')).toBe('1000000');
    expect(asked.form.get('line_items[0][price_data][currency]')).toBe('kzt');
    expect(asked.form.get('metadata[order_id]')).toBe(ids.order);
    expect(asked.form.get('payment_intent_data[metadata][payment_id]')).toBe(ids.payment);
    expect(asked.headers['idempotency-key']).toBe(`sabaq-payment-${ids.payment}`);
    const expiresAt = Number(asked.form.get('expires_at')) * 1000;
    expect(expiresAt).toBeGreaterThanOrEqual(before + Math.max(30, HOLD_MINUTES) * 60_000 - 1000);
  });

  it('refuses a forged or foreign signature and ignores events it does not act on', async () => {
    const forged = signed('checkout.session.completed', session(), 'whsec_someone_else');
    expect((await deliver(forged)).status).toBe(403);
    const unsigned = await env.app.inject({
      method: 'POST',
      url: `/api/payment/webhook/${ids.provider}`,
      headers: { 'content-type': 'application/json' },
      payload: signed('checkout.session.completed', session()).payload,
    });
    expect(unsigned.statusCode).toBe(403);
    const other = await deliver(
      signed('payment_intent.created', { id: 'pi_test_1', object: 'payment_intent' }),
    );
    expect(other).toMatchObject({ status: 200, body: { ignored: true } });
    expect(await orderEvents()).not.toContain('OrderPaid');
  });

  it('refuses and records a wrong amount, and a refund that comes before the payment', async () => {
    const wrong = await deliver(signed('checkout.session.completed', session({ amount_total: 1 })));
    expect(wrong.status).toBe(422);
    const early = await deliver(signed('charge.refunded', charge()));
    expect(early.status).toBe(422);
    const types = await orderEvents();
    expect(types.filter((t) => t === 'PaymentCallbackRefused')).toHaveLength(2);
    expect(types).not.toContain('OrderPaid');
  });

  it('pays once however often, late or out of order the words come', async () => {
    const completed = signed('checkout.session.completed', session());
    expect(await deliver(completed)).toMatchObject({ status: 200, body: { is_paid: true } });
    expect((await deliver(completed)).status).toBe(200); // Stripe delivers again
    const expiredLate = await deliver(
      signed('checkout.session.expired', session({ status: 'expired', payment_status: 'unpaid' })),
    );
    expect(expiredLate.status).toBe(200);
    await env.caughtUp();
    const types = await orderEvents();
    expect(types.filter((t) => t === 'OrderPaid')).toHaveLength(1);
    expect(types).not.toContain('PaymentDeclined');
    expect(await env.store.readStream(`shop_grant-${ids.order}`)).toHaveLength(1);
    expect(await grants()).toHaveLength(1);
  });

  it('refuses a partial refund and revokes on the full one', async () => {
    const partial = await deliver(
      signed('charge.refunded', charge({ amount_refunded: 500_000, refunded: false })),
    );
    expect(partial.status).toBe(422);
    const full = signed('charge.refunded', charge());
    expect(await deliver(full)).toMatchObject({ status: 200, body: { status: 'refunded' } });
    expect((await deliver(full)).status).toBe(200);
    await env.caughtUp();
    expect((await orderEvents()).filter((t) => t === 'OrderRefunded')).toHaveLength(1);
    expect(await grants()).toEqual([]);
  });

  it('declines an expired session of an unpaid order', async () => {
    await call('POST', '/api/basket/add.json', buyer, { product_id: ids.product });
    const made = await call('POST', `/api/payment/make/${ids.provider}`, buyer, {});
    ids.order = String(made.body.order_id);
    ids.payment = String(made.body.payment_id);
    const expired = signed(
      'checkout.session.expired',
      session({ status: 'expired', payment_status: 'unpaid' }),
    );
    expect((await deliver(expired)).status).toBe(200);
    expect(await deliver(signed('checkout.session.completed', session()))).toMatchObject({
      status: 200,
      body: { is_paid: false },
    });
    expect(await orderEvents()).toContain('PaymentDeclined');
    expect(await orderEvents()).not.toContain('OrderPaid');
  });
});
