import type { ProductSnapshot } from '@sabaq/events';
import { describe, expect, it } from 'vitest';
import {
  decideOrder,
  evolveOrder,
  initialOrderState,
  type OrderCommand,
  type OrderState,
} from './order-decider';
import { HOLD_MINUTES } from './holds';
import { decidePromo, evolvePromo, initialPromoState } from './promo-decider';

const at = '2026-11-27T10:00:00.000Z';
const product = (id: string, extra: Partial<ProductSnapshot> = {}): ProductSnapshot => ({
  product_id: id,
  name: id,
  price: 1000,
  currency: 'KZT',
  shipment_type: 'digital',
  payment_type: 'forever',
  ...extra,
});
function run(commands: OrderCommand[], state: OrderState = initialOrderState) {
  return commands.reduce((s, c) => decideOrder(c, s).reduce(evolveOrder, s), state);
}
const opened = run([{ type: 'Open', orderId: 'o1', userId: 'u1', schoolId: 's', at }]);
const started = run(
  [
    { type: 'AddItem', product: product('a'), at },
    { type: 'StartPayment', paymentId: 'p1', providerId: 'prov', at },
  ],
  opened,
);
const paidCallback: OrderCommand = { type: 'Callback', paymentId: 'p1', amount: 1000, outcome: 'paid', at };

describe('the order decider', () => {
  it('keeps a voucher at quantity 1 and counts other products up', () => {
    const s = run(
      [
        { type: 'AddItem', product: product('v', { payment_type: 'voucher' }), at },
        { type: 'AddItem', product: product('v', { payment_type: 'voucher' }), at },
        { type: 'AddItem', product: product('a'), at },
        { type: 'AddItem', product: product('a'), at },
      ],
      opened,
    );
    expect(s.lines.map((l) => [l.product.product_id, l.quantity])).toEqual([
      ['v', 1],
      ['a', 2],
    ]);
  });

  it('refuses a product in another currency than the basket', () => {
    const s = run([{ type: 'AddItem', product: product('a'), at }], opened);
    expect(() => decideOrder({ type: 'AddItem', product: product('b', { currency: 'USD' }), at }, s)).toThrow(
      'другой валюте',
    );
  });

  it('pays once; the same callback again and a late decline decide nothing', () => {
    const paid = run([paidCallback], started);
    expect(paid.status).toBe('paid');
    expect(decideOrder(paidCallback, paid)).toEqual([]);
    expect(decideOrder({ ...paidCallback, outcome: 'declined' }, paid)).toEqual([]);
  });

  it('records a wrong amount, an unknown payment and a stale one as refused', () => {
    expect(decideOrder({ ...paidCallback, amount: 999 }, started).map((e) => e.data.reason)).toEqual([
      'amount mismatch',
    ]);
    expect(decideOrder({ ...paidCallback, paymentId: 'nope' }, started).map((e) => e.data.reason)).toEqual([
      'unknown payment',
    ]);
    const changed = run([{ type: 'AddItem', product: product('b'), at }], started);
    expect(decideOrder(paidCallback, changed).map((e) => e.type)).toEqual(['PaymentCallbackRefused']);
  });

  it('needs the customer before paying for something shipped', () => {
    const s = run([{ type: 'AddItem', product: product('box', { shipment_type: 'physical' }), at }], opened);
    expect(() => decideOrder({ type: 'StartPayment', paymentId: 'p', providerId: 'x', at }, s)).toThrow(
      'получателя',
    );
  });

  it('refunds a paid order once and refuses an unpaid one', () => {
    const paid = run([paidCallback, { type: 'Complete', at }], started);
    const refunded = run([{ type: 'Refund', by: 'm', at }], paid);
    expect(refunded.status).toBe('refunded');
    expect(decideOrder({ type: 'Refund', by: 'm', at }, refunded)).toEqual([]);
    expect(() => decideOrder({ type: 'Refund', by: 'm', at }, started)).toThrow('не оплачен');
  });
});

describe('the promo code decider', () => {
  const created = evolvePromo(initialPromoState, {
    type: 'PromoCodeCreated',
    data: { max_uses: 2, max_uses_per_user: 1, expires_at: '2026-12-01T00:00:00.000Z' },
  });
  const reserve = (orderId: string, userId: string, when = at) =>
    ({ type: 'Reserve', promoId: 'p', orderId, userId, at: when }) as const;
  const apply = (s: typeof created, c: Parameters<typeof decidePromo>[0]) =>
    decidePromo(c, s).reduce(evolvePromo, s);

  it('holds the limits in all and per user, and again for the same order decides nothing', () => {
    const one = apply(created, reserve('o1', 'u1'));
    expect(decidePromo(reserve('o1', 'u1'), one)).toEqual([]);
    expect(() => decidePromo(reserve('o2', 'u1'), one)).toThrow();
    const two = apply(one, reserve('o3', 'u2'));
    expect(() => decidePromo(reserve('o4', 'u3'), two)).toThrow();
    const released = apply(two, { type: 'Release', promoId: 'p', orderId: 'o3', at });
    expect(decidePromo(reserve('o4', 'u3'), released).map((e) => e.type)).toEqual(['PromoCodeReserved']);
  });

  it('refuses after expiry', () => {
    expect(() => decidePromo(reserve('o1', 'u1', '2026-12-02T00:00:00.000Z'), created)).toThrow();
  });

  it('checks without holding, lets a hold lapse after HOLD_MINUTES, and keeps a paid use for good', () => {
    const check = (orderId: string, userId: string, when = at) =>
      ({ type: 'Check', promoId: 'p', orderId, userId, at: when }) as const;
    expect(decidePromo(check('o1', 'u1'), created)).toEqual([]);
    const two = apply(apply(created, reserve('o1', 'u1')), reserve('o2', 'u2'));
    expect(() => decidePromo(check('o3', 'u3'), two)).toThrow('больше не действует');
    const later = new Date(Date.parse(at) + (HOLD_MINUTES + 1) * 60_000).toISOString();
    // o1 was paid: its use stays; o2's hold lapsed: its use is free again.
    const used = apply(two, { type: 'Use', promoId: 'p', orderId: 'o1', userId: 'u1', at });
    expect(decidePromo(check('o3', 'u3', later), used)).toEqual([]);
    const third = apply(used, reserve('o3', 'u3', later));
    expect(() => decidePromo(reserve('o2', 'u2', later), third)).toThrow();
    // A payment that comes in anyway is a use: the buyer paid the discounted amount.
    expect(
      decidePromo({ type: 'Use', promoId: 'p', orderId: 'o2', userId: 'u2', at: later }, third),
    ).toHaveLength(1);
    expect(decidePromo({ type: 'Release', promoId: 'p', orderId: 'o1', at }, used)).toEqual([]);
  });

  it('gives a taken use back when the order is refunded, and a replayed use takes nothing again', () => {
    const one = apply(created, reserve('o1', 'u1'));
    const used = apply(one, { type: 'Use', promoId: 'p', orderId: 'o1', userId: 'u1', at });
    expect(() => decidePromo(reserve('o2', 'u1'), used)).toThrow('больше не действует');
    const back = apply(used, { type: 'GiveBack', promoId: 'p', orderId: 'o1', at });
    // The same buyer may use it again: it counts neither in all nor per user.
    expect(decidePromo(reserve('o2', 'u1'), back).map((e) => e.type)).toEqual(['PromoCodeReserved']);
    expect(decidePromo({ type: 'GiveBack', promoId: 'p', orderId: 'o1', at }, back)).toEqual([]);
    expect(decidePromo({ type: 'Use', promoId: 'p', orderId: 'o1', userId: 'u1', at }, back)).toEqual([]);
  });
});
