import type { ContextServices } from '../../../platform/context';
import { DomainError, NotFoundError } from '../../../platform/errors';
import { loadOrder, runOrder } from '../commands';
import type { CallbackInput, PaymentProviderAdapter, ProviderSettings } from '../payments/provider-port';

/** Settings for providers without keys (the test provider's callback and bank page). */
export const noKeys: ProviderSettings = { secretKey: null, webhookSecret: null };

/** The provider's callback: public, trusted only through the adapter's signature check. */
export async function paymentCallback(
  services: ContextServices,
  adapter: PaymentProviderAdapter,
  input: CallbackInput,
) {
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
      at: services.clock().toISOString(),
    },
    null,
    { schoolId: state.schoolId },
  );
  const refused = outcome.events.find((e) => e.type === 'PaymentCallbackRefused');
  if (refused) throw new DomainError('Платёж отклонён', 422, 422, { amount: [String(refused.data.reason)] });
  return { status: outcome.state.status, is_paid: outcome.state.paid !== null };
}
