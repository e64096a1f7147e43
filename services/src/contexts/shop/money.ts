import type { ProductSnapshot, PromoSnapshot } from '@sabaq/events';

/** A basket line: the product as added and how many. */
export interface Line {
  product: ProductSnapshot;
  quantity: number;
}

export interface Totals {
  currency: string;
  /** Sum of the lines at their prices, minor units. */
  subtotal: number;
  /** What the promo code takes off, minor units (never more than the lines it applies to). */
  savings: number;
  /** Delivery cost, minor units; 0 when nothing is shipped. */
  delivery: number;
  /** Bonus points spent: none yet (000 §3 Order has bonus_amount; bonuses are not built). */
  bonus: number;
  /** subtotal − savings + delivery − bonus, minor units: what the buyer pays. */
  total: number;
  is_needs_shipment: boolean;
}

/** Minor units per major unit of the currencies we know (ISO 4217 exponents); 100 otherwise. */
const MINOR_PER_MAJOR: Record<string, number> = { JPY: 1, KRW: 1, KWD: 1000, BHD: 1000 };
export const minorPerMajor = (currency: string) => MINOR_PER_MAJOR[currency] ?? 100;

/** Half away from zero on integers, exact: a percent discount of 3 × 333 at 15 % is 149.85 → 150. */
function percentOf(amount: number, percent: number): number {
  return Math.floor((amount * percent + 50) / 100);
}

/**
 * The one money function: the basket's totals from its lines, the promo code and the delivery cost.
 * Pure and integer-only. A percent code takes the rounded percent of the lines it applies to; an
 * amount code takes its value, at most those lines' sum, and only in its own currency.
 */
export function computeTotals(
  lines: readonly Line[],
  promo: PromoSnapshot | null,
  delivery: { cost: number; currency: string } | null,
  fallbackCurrency = 'KZT',
): Totals {
  const currency = lines[0]?.product.currency ?? fallbackCurrency;
  const subtotal = lines.reduce((sum, l) => sum + l.product.price * l.quantity, 0);
  const scoped = promo
    ? lines
        .filter((l) => promo.product_id === null || l.product.product_id === promo.product_id)
        .reduce((sum, l) => sum + l.product.price * l.quantity, 0)
    : 0;
  let savings = 0;
  if (promo?.kind === 'percent') savings = percentOf(scoped, Math.min(promo.value, 100));
  if (promo?.kind === 'amount' && (promo.currency === null || promo.currency === currency))
    savings = Math.min(promo.value, scoped);
  const is_needs_shipment = lines.some((l) => l.product.shipment_type === 'physical');
  const deliveryCost = is_needs_shipment && delivery && delivery.currency === currency ? delivery.cost : 0;
  const bonus = 0;
  return {
    currency,
    subtotal,
    savings,
    delivery: deliveryCost,
    bonus,
    total: subtotal - savings + deliveryCost - bonus,
    is_needs_shipment,
  };
}

/**
 * The specification's display: whole major units, no decimals (001 §9), rounded half up, with the
 * currency's code, e.g. `1 500 KZT`. The raw minor units travel beside it, so nothing is lost.
 */
export function formatMoney(minor: number, currency: string): string {
  const per = minorPerMajor(currency);
  const major = Math.floor((minor + per / 2) / per);
  return `${major.toLocaleString('ru-RU').replace(/\u00a0/g, ' ')} ${currency}`;
}
