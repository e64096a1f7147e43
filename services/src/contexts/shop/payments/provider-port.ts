/**
 * A school's keys for a provider, from its payment provider record (never shown, never logged). The
 * test provider needs none; Stripe needs its secret key and its webhook endpoint's signing secret.
 */
export interface ProviderSettings {
  secretKey: string | null;
  webhookSecret: string | null;
}

/** What the shop asks a payment provider to show for one payment. */
export interface PaymentRequest {
  providerId: string;
  orderId: string;
  paymentId: string;
  /** Minor units and ISO currency, as decided by the order. */
  amount: number;
  currency: string;
  isMobile: boolean;
  /** Where the provider sends the buyer back (the site's own address). */
  returnUrl: string;
  /** When the payment's holds (promo use, units) lapse: a provider's page should not outlive them. */
  expiresAt: Date;
  settings: ProviderSettings;
}

/** A provider's word about a payment, once its signature is checked. */
export interface PaymentCallback {
  orderId: string;
  paymentId: string;
  /** Minor units the provider took (paid), gave back (refunded) or was asked for (declined). */
  amount: number;
  /** The provider's ISO currency, when it says one. */
  currency?: string;
  outcome: 'paid' | 'declined' | 'refunded';
}

/** A callback as it reached us: the parsed body, the exact bytes (signatures cover them) and headers. */
export interface CallbackInput {
  body: unknown;
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
  settings: ProviderSettings;
}

/**
 * The payment port: one adapter per provider `type` (payment providers' records name theirs). An
 * adapter translates; the order decider decides what a callback changes.
 */
export interface PaymentProviderAdapter {
  type: string;
  /** Whether its records need keys (a secret key and a webhook secret) before a payment can start. */
  needsKeys: boolean;
  /** The HTML the basket's payment modal renders (001 §4 Payment). */
  view(request: PaymentRequest): string | Promise<string>;
  /**
   * The callback checked and read; throws a 4xx DomainError when it is not the provider's (403: bad
   * signature); null for a well-signed word the shop does not act on (another event type).
   */
  verifyCallback(input: CallbackInput): PaymentCallback | null;
}
