import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { DomainError } from '../../../platform/errors';
import type { PaymentCallback, PaymentProviderAdapter, PaymentRequest } from './provider-port';
import { stripeProvider } from './stripe-provider';

/**
 * The embedded test provider: works offline. Its "bank page" is served by the platform
 * (`GET /payment/test-provider/{paymentId}`), whose Pay and Decline buttons post a callback
 * signed with HMAC-SHA256, exactly as a real provider would post one from outside.
 * The key comes from SHOP_TEST_PROVIDER_SECRET; without it each process draws its own (then a
 * callback must reach the instance that drew it, fine for one process and for tests).
 */
const secret = () => {
  const fromEnv = process.env.SHOP_TEST_PROVIDER_SECRET;
  if (fromEnv) return fromEnv;
  drawn ??= randomBytes(32).toString('hex');
  return drawn;
};
let drawn: string | undefined;

const sign = (parts: readonly (string | number)[]) =>
  createHmac('sha256', secret()).update(parts.join('\u001f')).digest('hex');

const sameHex = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

export const callbackBody = z.object({
  order_id: z.string().min(1).max(64),
  payment_id: z.string().min(1).max(64),
  amount: z.number().int().min(0),
  outcome: z.enum(['paid', 'declined']),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});

/** What the test provider posts to the callback; exported for tests that play a misbehaving bank. */
export function signedTestCallback(
  callback: PaymentCallback & { outcome: 'paid' | 'declined' },
): z.infer<typeof callbackBody> {
  return {
    order_id: callback.orderId,
    payment_id: callback.paymentId,
    amount: callback.amount,
    outcome: callback.outcome,
    signature: sign(['callback', callback.orderId, callback.paymentId, callback.amount, callback.outcome]),
  };
}

/** The page token: only who holds the payment view can press its buttons. */
export const pageToken = (orderId: string, paymentId: string, amount: number) =>
  sign(['page', orderId, paymentId, amount]);
export const pageTokenValid = (orderId: string, paymentId: string, amount: number, token: string) =>
  sameHex(pageToken(orderId, paymentId, amount), token);

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const testProvider: PaymentProviderAdapter = {
  type: 'test',
  needsKeys: false,
  view(request: PaymentRequest): string {
    const query = new URLSearchParams({
      order: request.orderId,
      amount: String(request.amount),
      token: pageToken(request.orderId, request.paymentId, request.amount),
    });
    const src = `/payment/test-provider/${encodeURIComponent(request.paymentId)}?${query.toString()}`;
    return `<iframe title="payment" src="${escape(src)}" style="width:100%;min-height:320px;border:0"></iframe>`;
  },
  verifyCallback({ body }): PaymentCallback {
    const parsed = callbackBody.safeParse(body);
    if (!parsed.success) throw new DomainError('Неверный ответ платёжной системы', 422);
    const b = parsed.data;
    const expected = sign(['callback', b.order_id, b.payment_id, b.amount, b.outcome]);
    if (!sameHex(expected, b.signature)) throw new DomainError('Неверная подпись платёжной системы', 403);
    return { orderId: b.order_id, paymentId: b.payment_id, amount: b.amount, outcome: b.outcome };
  },
};

/** The platform-served bank page of the test provider: the amount and two buttons. */
export function testProviderPage(input: {
  orderId: string;
  paymentId: string;
  amount: number;
  currency: string;
  token: string;
  formatted: string;
}): string {
  const action = (outcome: string) =>
    `/payment/test-provider/${encodeURIComponent(input.paymentId)}/${outcome}`;
  const hidden = `<input type="hidden" name="order_id" value="${escape(input.orderId)}"><input type="hidden" name="amount" value="${input.amount}"><input type="hidden" name="token" value="${escape(input.token)}">`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>Test payment</title></head><body>
<p>Test payment: <strong>${escape(input.formatted)}</strong></p>
<form method="post" action="${escape(action('pay'))}">${hidden}<button type="submit">Pay</button></form>
<form method="post" action="${escape(action('decline'))}">${hidden}<button type="submit">Decline</button></form>
</body></html>`;
}

/** Adapters by provider type; a new provider adds its adapter here. */
export const paymentAdapters: Record<string, PaymentProviderAdapter> = {
  test: testProvider,
  stripe: stripeProvider,
};
