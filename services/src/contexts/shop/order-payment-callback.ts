import type { OrderCommand, OrderEvent, OrderState } from './order-decider';

/**
 * A provider's word about a payment. The same word again, a late one, or one about a payment that can
 * no longer pay the order changes nothing; a wrong amount or an unknown payment is refused and recorded.
 */
export function decideCallback(
  command: Extract<OrderCommand, { type: 'Callback' }>,
  state: OrderState,
): OrderEvent[] {
  const id = state.id!;
  const payment = state.payments.find((p) => p.payment_id === command.paymentId);
  const refuse = (reason: string): OrderEvent[] => [
    {
      type: 'PaymentCallbackRefused',
      data: { id, payment_id: command.paymentId, reason, amount: command.amount, at: command.at },
    },
  ];
  if (!payment) return refuse('unknown payment');
  if (command.outcome === 'refunded') return decideProviderRefund(command, state, refuse);
  if (payment.status === 'paid' || payment.status === 'declined') return [];
  if (command.outcome === 'declined') {
    if (payment.status !== 'started') return [];
    return [{ type: 'PaymentDeclined', data: { id, payment_id: payment.payment_id, at: command.at } }];
  }
  if (command.amount !== payment.amount) return refuse('amount mismatch');
  if (command.currency !== undefined && command.currency !== payment.currency)
    return refuse('currency mismatch');
  if (state.status !== 'basket') return refuse('order already paid');
  if (payment.status === 'superseded') return refuse('basket changed after the payment started');
  return [
    {
      type: 'OrderPaid',
      data: {
        id,
        payment_id: payment.payment_id,
        user_id: state.userId!,
        amount: payment.amount,
        currency: payment.currency,
        at: command.at,
      },
    },
  ];
}

/**
 * The provider says it gave the money back: the order is refunded as a manager's refund would (the
 * fulfilment revokes what it granted). Again → nothing; a refund of a payment that did not pay the
 * order (it may come before the word that it paid: the provider calls again) or a partial one → refused
 * and recorded: a partial refund is the manager's call.
 */
function decideProviderRefund(
  command: Extract<OrderCommand, { type: 'Callback' }>,
  state: OrderState,
  refuse: (reason: string) => OrderEvent[],
): OrderEvent[] {
  if (state.status === 'refunded') return [];
  if (!state.paid || state.paid.payment_id !== command.paymentId)
    return refuse('refund of a payment that did not pay the order');
  if (command.amount !== state.paid.amount) return refuse('partial refund');
  return [
    {
      type: 'OrderRefunded',
      data: {
        id: state.id!,
        user_id: state.userId!,
        amount: state.paid.amount,
        currency: state.paid.currency,
        by: 'provider',
        at: command.at,
      },
    },
  ];
}
