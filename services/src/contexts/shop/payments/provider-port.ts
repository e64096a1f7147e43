/** What the shop asks a payment provider to show for one payment. */
export interface PaymentRequest {
  providerId: string;
  orderId: string;
  paymentId: string;
  /** Minor units and ISO currency, as decided by the order. */
  amount: number;
  currency: string;
  isMobile: boolean;
}

/** A provider's word about a payment, once its signature is checked. */
export interface PaymentCallback {
  orderId: string;
  paymentId: string;
  amount: number;
  outcome: 'paid' | 'declined';
}

/**
 * The payment port: one adapter per provider `type` (payment providers' records name theirs). An
 * adapter translates; the order decider decides what a callback changes.
 */
export interface PaymentProviderAdapter {
  type: string;
  /** The HTML the basket's payment modal renders (001 §4 Payment). */
  view(request: PaymentRequest): string;
  /** The callback's body checked and read; throws a 4xx DomainError when it is not the provider's. */
  verifyCallback(body: unknown): PaymentCallback;
}
