import { describe, expect, it } from 'vitest';
import type { SalesDay } from '../api/sales';
import { currenciesOf, currencyDigits, formatMoney, funnelOf, noSales, revenueByDay } from './sales';

// Intl separates thousands with a narrow no-break space in Russian: compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const day = (over: Partial<SalesDay>): SalesDay => ({
  day: '2026-11-02',
  currency: 'KZT',
  paid: 0,
  refunded: 0,
  revenue: 0,
  orders: 0,
  refunds: 0,
  ...over,
});

describe('money of the sales section', () => {
  it('knows each currency’s minor units', () => {
    expect(currencyDigits('KZT')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KWD')).toBe(3);
    expect(currencyDigits('not a code')).toBe(2);
  });

  it('writes minor units as the language writes money', () => {
    expect(plain(formatMoney(500_000, 'KZT', 'ru-RU'))).toBe('5 000 ₸');
    expect(plain(formatMoney(150_050, 'KZT', 'ru-RU'))).toBe('1 500,50 ₸');
    expect(plain(formatMoney(150_050, 'USD', 'en-GB'))).toBe('$1,500.50');
    expect(plain(formatMoney(1500, 'JPY', 'ru-RU'))).toBe('1 500 ¥');
    expect(plain(formatMoney(1500, 'KWD', 'en-GB'))).toBe('KWD 1.500');
    expect(plain(formatMoney(-2_500, 'RUB', 'ru-RU'))).toBe('-25 ₽');
    expect(plain(formatMoney(0, 'KZT', 'ru-RU'))).toBe('0 ₸');
    expect(plain(formatMoney(500_000, 'KZT', 'en-GB'))).toBe('₸5,000');
  });

  it('falls back to the code after the number when Intl does not know it', () => {
    expect(plain(formatMoney(150_050, 'X1', 'ru-RU'))).toBe('1 500,50 X1');
    expect(plain(formatMoney(100, 'X1', 'ru-RU'))).toBe('1 X1');
  });
});

describe('revenue per day', () => {
  const days = [
    day({ day: '2026-11-02', currency: 'KZT', paid: 500_000, revenue: 500_000, orders: 1 }),
    day({
      day: '2026-11-03',
      currency: 'KZT',
      paid: 250_000,
      refunded: 500_000,
      revenue: -250_000,
      orders: 1,
    }),
    day({ day: '2026-11-03', currency: 'JPY', paid: 1200, revenue: 1200, orders: 3 }),
  ];

  it('draws each currency on its own, the busiest first', () => {
    expect(currenciesOf(days)).toEqual(['JPY', 'KZT']);
    expect(currenciesOf([])).toEqual([]);
  });

  it('fills every day of the period in major units, never adding currencies', () => {
    expect(revenueByDay(days, 'KZT', '2026-11-01', '2026-11-04')).toEqual([
      { day: '2026-11-01', revenue: 0, paid: 0, refunded: 0 },
      { day: '2026-11-02', revenue: 5000, paid: 5000, refunded: 0 },
      { day: '2026-11-03', revenue: -2500, paid: 2500, refunded: 5000 },
      { day: '2026-11-04', revenue: 0, paid: 0, refunded: 0 },
    ]);
    expect(revenueByDay(days, 'JPY', '2026-11-03', '2026-11-03')).toEqual([
      { day: '2026-11-03', revenue: 1200, paid: 1200, refunded: 0 },
    ]);
  });
});

describe('the funnel', () => {
  it('gives each step its share of the baskets', () => {
    expect(funnelOf({ baskets: 4, payments_started: 2, paid: 1, refunded: 0, rate: 0.25 })).toEqual([
      { step: 'baskets', count: 4, share: 1 },
      { step: 'payments_started', count: 2, share: 0.5 },
      { step: 'paid', count: 1, share: 0.25 },
    ]);
    expect(funnelOf({ baskets: 0, payments_started: 0, paid: 1, refunded: 0, rate: 0 })[2]).toEqual({
      step: 'paid',
      count: 1,
      share: 0,
    });
  });

  it('calls a period without baskets or sales empty', () => {
    const none = { baskets: 0, payments_started: 0, paid: 0, refunded: 0, rate: 0 };
    expect(noSales({ revenue_by_day: [], revenue: [], conversion: none })).toBe(true);
    expect(noSales({ revenue_by_day: [], revenue: [], conversion: { ...none, baskets: 1 } })).toBe(false);
    expect(
      noSales({
        revenue_by_day: [day({ paid: 100, revenue: 100, orders: 1 })],
        revenue: [],
        conversion: none,
      }),
    ).toBe(false);
  });
});
