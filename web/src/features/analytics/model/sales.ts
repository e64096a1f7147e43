import type { SalesConversion, SalesDay, SalesFigures } from '../api/sales';
import { dayOf, daysBetween } from './violations-by-day';

/**
 * The digits after the point of a currency (KZT 2, JPY 0, KWD 3), as Intl knows them: the same table
 * as the server's minor units (services/src/contexts/shop/money.ts). An unknown code counts 2.
 */
export function currencyDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

/** Minor units as major units: 150050 KZT → 1500.5. */
export const majorOf = (minor: number, currency: string) => minor / 10 ** currencyDigits(currency);

/**
 * Money in minor units as the language writes it: `150050, 'KZT', 'ru-RU'` → `1 500,50 ₸`; whole
 * amounts without the zeros (`500000` → `5 000 ₸`). A code Intl refuses is written after the number.
 */
export function formatMoney(minor: number, currency: string, tag: string): string {
  const digits = currencyDigits(currency);
  const whole = minor % 10 ** digits === 0;
  const fraction = whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {};
  const major = majorOf(minor, currency);
  try {
    return new Intl.NumberFormat(tag, {
      style: 'currency',
      currency,
      // ₸ and ₽ rather than KZT and RUB, the same in every browser's locale data.
      currencyDisplay: 'narrowSymbol',
      ...fraction,
    }).format(major);
  } catch {
    const number = new Intl.NumberFormat(
      tag,
      whole ? { maximumFractionDigits: 0 } : { minimumFractionDigits: digits },
    );
    return `${number.format(major)} ${currency}`;
  }
}

/** One chart row: the day and its revenue (paid less refunded) in major units. */
export interface RevenueRow {
  day: string;
  revenue: number;
  paid: number;
  refunded: number;
}

/** The currencies that sold, the one with the most paid orders first: one chart each. */
export function currenciesOf(days: SalesDay[]): string[] {
  const orders = new Map<string, number>();
  for (const d of days) orders.set(d.currency, (orders.get(d.currency) ?? 0) + Number(d.orders));
  return [...orders.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([c]) => c);
}

/**
 * A currency's revenue per day for a chart, in major units (money is never added across currencies):
 * every day of the period is there, a day without sales a 0.
 */
export function revenueByDay(days: SalesDay[], currency: string, from: string, to: string): RevenueRow[] {
  const byDay = new Map<string, RevenueRow>();
  for (const d of days) {
    if (d.currency !== currency) continue;
    const day = dayOf(d.day);
    const row = byDay.get(day) ?? { day, revenue: 0, paid: 0, refunded: 0 };
    row.revenue += majorOf(Number(d.revenue), currency);
    row.paid += majorOf(Number(d.paid), currency);
    row.refunded += majorOf(Number(d.refunded), currency);
    byDay.set(day, row);
  }
  const all = new Set([...daysBetween(from, to), ...byDay.keys()]);
  return [...all].sort().map((day) => byDay.get(day) ?? { day, revenue: 0, paid: 0, refunded: 0 });
}

export type FunnelStep = 'baskets' | 'payments_started' | 'paid';
export const FUNNEL_STEPS: FunnelStep[] = ['baskets', 'payments_started', 'paid'];

/** The funnel's steps with each one's share of the baskets (0..1; 0 without baskets). */
export function funnelOf(conversion: SalesConversion): { step: FunnelStep; count: number; share: number }[] {
  const baskets = Number(conversion.baskets);
  return FUNNEL_STEPS.map((step) => {
    const count = Number(conversion[step]);
    return { step, count, share: baskets > 0 ? count / baskets : 0 };
  });
}

/** Nothing happened in the shop in the period: no basket opened, nothing paid or refunded. */
export const noSales = (figures: SalesFigures) =>
  figures.revenue_by_day.length === 0 &&
  Number(figures.conversion.baskets) === 0 &&
  Number(figures.conversion.payments_started) === 0;
