import Stripe from 'stripe';
import { DomainError } from '../../../platform/errors';
import type {
  CallbackInput,
  PaymentCallback,
  PaymentProviderAdapter,
  PaymentRequest,
  ProviderSettings,
} from './provider-port';

/**
 * Stripe Checkout through the `stripe` SDK. A payment is a Checkout Session of one line for the
 * order's total (minor units, as Stripe counts them; ISO currency in lower case) that carries the order
 * and payment ids in its metadata and its PaymentIntent's (so the charge has them too); the view is a
 * link to Stripe's hosted page, which cannot be framed. Stripe calls back on the provider's webhook
 * endpoint, `POST /api/payment/webhook/{providerId}`, signed with that endpoint's secret.
 *
 * `SHOP_STRIPE_API_URL` points the SDK at another server (the tests' local fake); unset, it is Stripe.
 */
const MIN_SESSION_MINUTES = 31; // Stripe refuses an expires_at under 30 minutes away

const clients = new Map<string, Stripe>();
function stripeClient(secretKey: string): Stripe {
  const override = process.env.SHOP_STRIPE_API_URL;
  const key = `${override ?? ''}\u0000${secretKey}`;
  let client = clients.get(key);
  if (!client) {
    const url = override ? new URL(override) : null;
    client = new Stripe(secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(url
        ? { host: url.hostname, port: url.port, protocol: url.protocol === 'http:' ? 'http' : 'https' }
        : {}),
    });
    clients.set(key, client);
  }
  return client;
}

const notConfigured = () => new DomainError('Провайдер оплаты не настроен', 422, 422);
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Creates the Checkout Session of a payment; the payment id is its idempotency key (a retry makes one). */
export async function createCheckoutSession(request: PaymentRequest): Promise<{ id: string; url: string }> {
  const { secretKey } = request.settings;
  if (!secretKey) throw notConfigured();
  const ids = { order_id: request.orderId, payment_id: request.paymentId };
  const earliest = Date.now() + MIN_SESSION_MINUTES * 60_000;
  let session: Stripe.Checkout.Session;
  try {
    session = await stripeClient(secretKey).checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: request.orderId,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: request.amount,
              product_data: { name: `Order ${request.orderId}` },
            },
          },
        ],
        metadata: ids,
        payment_intent_data: { metadata: ids },
        success_url: request.returnUrl,
        cancel_url: request.returnUrl,
        expires_at: Math.floor(Math.max(request.expiresAt.getTime(), earliest) / 1000),
      },
      { idempotencyKey: `sabaq-payment-${request.paymentId}` },
    );
  } catch (error) {
    // The SDK's message names no key; the key itself is never logged nor answered.
    const reason = error instanceof Stripe.errors.StripeError ? error.type : 'network';
    throw new DomainError('Платёжная система недоступна', 502, 502, { provider: [reason] });
  }
  if (!session.url) throw new DomainError('Платёжная система недоступна', 502, 502);
  return { id: session.id, url: session.url };
}

type Ids = { order_id?: string; payment_id?: string } | null | undefined;
const word = (
  metadata: Ids,
  amount: number | null | undefined,
  currency: string | null | undefined,
  outcome: PaymentCallback['outcome'],
): PaymentCallback | null =>
  metadata?.order_id && metadata.payment_id && typeof amount === 'number'
    ? {
        orderId: metadata.order_id,
        paymentId: metadata.payment_id,
        amount,
        ...(currency ? { currency: currency.toUpperCase() } : {}),
        outcome,
      }
    : null;

/**
 * A Stripe event as the order's word. A session completed and paid (or paid later, for the slow
 * methods) → paid, with what Stripe took; a session expired or its slow payment failed → declined; a
 * charge refunded → refunded, with what was given back (the decider refuses a partial refund). A failed
 * card inside a session is not a decline: the buyer may try another card in the same session.
 */
export function stripeEventToCallback(event: Stripe.Event): PaymentCallback | null {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const s = event.data.object;
      if (s.payment_status !== 'paid') return null; // a slow method: its own event follows
      return word(s.metadata, s.amount_total, s.currency, 'paid');
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const s = event.data.object;
      return word(s.metadata, s.amount_total, s.currency, 'declined');
    }
    case 'charge.refunded': {
      const c = event.data.object;
      return word(c.metadata, c.amount_refunded, c.currency, 'refunded');
    }
    default:
      return null;
  }
}

/** Checks the `Stripe-Signature` header over the exact bytes with the endpoint's secret (403 if not). */
export function verifyStripeWebhook(input: CallbackInput, settings: ProviderSettings): Stripe.Event {
  if (!settings.webhookSecret) throw notConfigured();
  const header = input.headers['stripe-signature'];
  if (typeof header !== 'string') throw new DomainError('Неверная подпись платёжной системы', 403);
  try {
    // The secret key is not needed to verify; any key makes the SDK's helper.
    return stripeClient(settings.secretKey ?? 'sk_unused').webhooks.constructEvent(
      input.rawBody,
      header,
      settings.webhookSecret,
    );
  } catch {
    throw new DomainError('Неверная подпись платёжной системы', 403);
  }
}

export const stripeProvider: PaymentProviderAdapter = {
  type: 'stripe',
  needsKeys: true,
  async view(request) {
    const session = await createCheckoutSession(request);
    // Stripe's hosted page refuses frames: the modal shows a link that opens it.
    return `<a href="${escape(session.url)}" target="_blank" rel="noopener noreferrer" data-provider="stripe" data-session="${escape(session.id)}">Stripe Checkout</a>`;
  },
  verifyCallback(input) {
    return stripeEventToCallback(verifyStripeWebhook(input, input.settings));
  },
};
