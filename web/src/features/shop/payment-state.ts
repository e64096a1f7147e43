/**
 * The payment modal's state (001 §4): idle (no provider chosen), viewing (the provider's view shown),
 * paid (OrderPaid came: "paid, processing", the modal cannot be closed), completed (OrderCompleted came:
 * Close closes the basket).
 */
export type PaymentState = 'idle' | 'viewing' | 'paid' | 'completed';

/**
 * The state after an event on the order's private channel. OrderPaid after OrderCompleted (a late or
 * replayed push) keeps "completed"; OrderCompleted always ends; other events change nothing.
 */
export function paymentAfter(state: PaymentState, event: string): PaymentState {
  if (event === 'OrderPaid') return state === 'completed' ? state : 'paid';
  if (event === 'OrderCompleted') return 'completed';
  return state;
}

/** Whether the payment modal (and the basket under it) may be closed: not while paid and processing. */
export function canClosePayment(state: PaymentState): boolean {
  return state !== 'paid';
}
