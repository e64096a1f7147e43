import { describe, expect, it } from 'vitest';
import { canClosePayment, paymentAfter, type PaymentState } from './payment-state';

/** The order channel's pushes in order, from a state, as the basket folds them. */
const fold = (from: PaymentState, events: string[]) => events.reduce(paymentAfter, from);

describe('the payment modal’s states (001 §4)', () => {
  it('OrderPaid shows "paid, processing", which cannot be closed, until OrderCompleted', () => {
    const paid = fold('viewing', ['OrderPaid']);
    expect(paid).toBe('paid');
    expect(canClosePayment(paid)).toBe(false);
    const completed = fold(paid, ['OrderCompleted']);
    expect(completed).toBe('completed');
    expect(canClosePayment(completed)).toBe(true);
  });

  it('a late or repeated OrderPaid after completion keeps "completed"', () => {
    expect(fold('viewing', ['OrderPaid', 'OrderCompleted', 'OrderPaid'])).toBe('completed');
    expect(fold('viewing', ['OrderCompleted', 'OrderPaid'])).toBe('completed');
  });

  it('other pushes change nothing; before paying the modal closes', () => {
    expect(fold('viewing', ['SomethingElse'])).toBe('viewing');
    expect(fold('idle', ['SomethingElse'])).toBe('idle');
    expect(canClosePayment('viewing')).toBe(true);
    expect(canClosePayment('idle')).toBe(true);
  });
});
