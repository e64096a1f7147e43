import { formatMoney } from './money';
import { totalsOf, type OrderState } from './order-decider';

const money = (raw: number, currency: string) => ({ raw, formatted: formatMoney(raw, currency) });

/** GET /api/order/total.json (001 §3 Order (basket), §7). */
export function orderTotalEntity(id: string, state: OrderState) {
  const t = totalsOf(state);
  return {
    id,
    total: money(t.total, t.currency),
    savings: money(t.savings, t.currency),
    subtotal: money(t.subtotal, t.currency),
    delivery: money(t.delivery, t.currency),
    currency: t.currency,
    promocode: state.promo
      ? {
          id: state.promo.id,
          name: state.promo.name,
          description: state.promo.description,
          key: state.promo.name,
        }
      : null,
    is_needs_shipment: t.is_needs_shipment,
  };
}

/**
 * The basket's items (000 §3 Basket item): the new price is the old one less the promo code's share of
 * that line, so what the lines show adds up to the order's savings.
 */
export function basketItems(id: string, state: OrderState) {
  const t = totalsOf(state);
  const scopedTotal = state.lines
    .filter(
      (l) =>
        state.promo && (state.promo.product_id === null || state.promo.product_id === l.product.product_id),
    )
    .reduce((s, l) => s + l.product.price * l.quantity, 0);
  let left = t.savings;
  const scopedLines = state.lines.filter(
    (l) =>
      state.promo && (state.promo.product_id === null || state.promo.product_id === l.product.product_id),
  );
  return state.lines.map((line) => {
    const old = line.product.price * line.quantity;
    const inScope = scopedLines.includes(line);
    // The last scoped line takes the remainder, so the shares sum exactly to the savings.
    const share = !inScope
      ? 0
      : line === scopedLines.at(-1)
        ? left
        : Math.floor((t.savings * old) / Math.max(1, scopedTotal));
    if (inScope) left -= share;
    const c = line.product.currency;
    return {
      id: line.product.product_id,
      order_id: id,
      status: state.status,
      user_id: state.userId,
      product_id: line.product.product_id,
      product: {
        id: line.product.product_id,
        name: line.product.name,
        shipment_type: line.product.shipment_type,
        payment_type: line.product.payment_type,
      },
      product_price: {
        old: money(line.product.price, c),
        new: money(line.product.price - Math.floor(share / line.quantity), c),
      },
      quantity: line.quantity,
      /** 000 §4: the special kind's quantity cannot change. */
      is_quantity_fixed: line.product.payment_type === 'voucher',
      options: {},
      amount: { old: money(old, c), new: money(old - share, c) },
      bonuses: 0,
      discounts: share,
    };
  });
}

/** An order as the manager's list and view show it (000 §3 Order). */
export function orderEntity(id: string, state: OrderState) {
  const t = totalsOf(state);
  return {
    id,
    user_id: state.userId,
    school_id: state.schoolId,
    customer_id: state.customer ? id : null,
    currency_id: t.currency,
    payment_provider_id: state.payments.find((p) => p.status === 'paid')?.provider_id ?? null,
    city_delivery_id: state.customer?.city_delivery_method_id ?? null,
    status: state.status,
    amount: money(t.total, t.currency),
    subtotal: money(t.subtotal, t.currency),
    savings: money(t.savings, t.currency),
    delivery_amount: money(t.delivery, t.currency),
    shipment_amount: money(t.delivery, t.currency),
    bonus_amount: money(t.bonus, t.currency),
    is_bonus_usage: false,
    is_paid: state.paid !== null,
    promocode: state.promo?.name ?? null,
    comment: state.customer?.comment ?? null,
    items: state.lines.map((l) => ({
      product_id: l.product.product_id,
      name: l.product.name,
      price: l.product.price,
      quantity: l.quantity,
    })),
    // The order's view lists its payments (started, paid, declined, superseded) beside the refusals.
    payments: state.payments,
    refused_callbacks: state.refusedCallbacks,
    created_at: state.openedAt,
  };
}

/** An order's customer (000 §3 Order customer). */
export function orderCustomerEntity(id: string, state: OrderState) {
  if (!state.customer) return null;
  return { id, order_id: id, user_id: state.userId, session_id: null, ...state.customer };
}
