import type { ProductSnapshot, PromoSnapshot } from '@sabaq/events';
import { describe, expect, it } from 'vitest';
import { computeTotals, formatMoney } from './money';

const product = (id: string, price: number, extra: Partial<ProductSnapshot> = {}): ProductSnapshot => ({
  product_id: id,
  name: id,
  price,
  currency: 'KZT',
  shipment_type: 'digital',
  payment_type: 'forever',
  ...extra,
});
const promo = (extra: Partial<PromoSnapshot>): PromoSnapshot => ({
  id: 'p',
  name: 'SALE',
  description: null,
  kind: 'percent',
  value: 10,
  currency: null,
  product_id: null,
  ...extra,
});

describe('computeTotals', () => {
  it('sums lines in minor units without a promo code or delivery', () => {
    const t = computeTotals([{ product: product('a', 1999), quantity: 3 }], null, null);
    expect(t).toMatchObject({
      subtotal: 5997,
      savings: 0,
      delivery: 0,
      total: 5997,
      is_needs_shipment: false,
    });
  });

  it('rounds a percent discount half up on integers, never through floats', () => {
    // 3 × 333 = 999 at 15 % = 149.85 → 150; 0.1 + 0.2 style float error would show here.
    const t = computeTotals([{ product: product('a', 333), quantity: 3 }], promo({ value: 15 }), null);
    expect(t.savings).toBe(150);
    expect(t.total).toBe(849);
    const half = computeTotals(
      [{ product: product('a', 5) }].map((l) => ({ ...l, quantity: 1 })),
      promo({ value: 50 }),
      null,
    );
    expect(half.savings).toBe(3); // 2.5 → 3
  });

  it('applies a scoped code only to its product', () => {
    const lines = [
      { product: product('a', 10000), quantity: 1 },
      { product: product('b', 5000), quantity: 2 },
    ];
    const t = computeTotals(lines, promo({ value: 20, product_id: 'b' }), null);
    expect(t.savings).toBe(2000);
    expect(t.total).toBe(18000);
  });

  it('caps an amount code at what it applies to and ignores one in another currency', () => {
    const lines = [{ product: product('a', 700), quantity: 1 }];
    expect(computeTotals(lines, promo({ kind: 'amount', value: 1000, currency: 'KZT' }), null).total).toBe(0);
    expect(computeTotals(lines, promo({ kind: 'amount', value: 300, currency: 'USD' }), null).savings).toBe(
      0,
    );
  });

  it('adds delivery only when something is shipped', () => {
    const digital = [{ product: product('a', 1000), quantity: 1 }];
    expect(computeTotals(digital, null, { cost: 500, currency: 'KZT' }).delivery).toBe(0);
    const physical = [
      ...digital,
      { product: product('box', 2000, { shipment_type: 'physical' }), quantity: 1 },
    ];
    const t = computeTotals(physical, promo({ value: 10 }), { cost: 500, currency: 'KZT' });
    expect(t).toMatchObject({
      subtotal: 3000,
      savings: 300,
      delivery: 500,
      total: 3200,
      is_needs_shipment: true,
    });
  });
});

describe('formatMoney', () => {
  it('shows whole major units rounded half up', () => {
    expect(formatMoney(150050, 'KZT')).toBe('1 501 KZT');
    expect(formatMoney(150049, 'KZT')).toBe('1 500 KZT');
    expect(formatMoney(1500, 'JPY')).toBe('1 500 JPY');
  });
});
