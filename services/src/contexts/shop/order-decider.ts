import type { OrderCustomer, ProductSnapshot, PromoSnapshot } from '@sabaq/events';
import type { Decider } from '../../platform/commands/decider';
import { ConflictError, ValidationError } from '../../platform/errors';
import { computeTotals, type Line, type Totals } from './money';
import { SINGLE_QUANTITY_PAYMENT_TYPE } from '@sabaq/events';
import { decideCallback } from './order-payment-callback';

export type OrderStatus = 'none' | 'basket' | 'paid' | 'completed' | 'refunded';
type PaymentStatus = 'started' | 'declined' | 'paid' | 'superseded';

/** An order stream folded; plain JSON so the orders read model can keep it. */
export interface OrderState {
  id: string | null;
  status: OrderStatus;
  userId: string | null;
  schoolId: string | null;
  lines: Line[];
  promo: PromoSnapshot | null;
  customer: OrderCustomer | null;
  delivery: { cost: number; currency: string } | null;
  payments: {
    payment_id: string;
    provider_id: string;
    amount: number;
    currency: string;
    status: PaymentStatus;
  }[];
  paid: { payment_id: string; amount: number; currency: string } | null;
  refusedCallbacks: number;
  openedAt: string | null;
  /** Guest baskets merged into this one (their merge ids): a merge applied again adds nothing. */
  mergedGuests?: string[];
}

export const initialOrderState: OrderState = {
  id: null,
  status: 'none',
  userId: null,
  schoolId: null,
  lines: [],
  promo: null,
  customer: null,
  delivery: null,
  payments: [],
  paid: null,
  refusedCallbacks: 0,
  openedAt: null,
};

export type OrderEvent = { type: string; data: Record<string, unknown> & { id?: string } };

export type OrderCommand =
  | { type: 'Open'; orderId: string; userId: string; schoolId: string | null; at: string }
  | { type: 'AddItem'; product: ProductSnapshot; at: string }
  | { type: 'RemoveItems'; productIds: string[]; at: string }
  | { type: 'SetQuantity'; productId: string; quantity: number; at: string }
  | { type: 'MergeGuest'; mergeId: string; lines: Line[]; at: string }
  | { type: 'AttachPromo'; promo: PromoSnapshot; at: string }
  | { type: 'DetachPromo'; at: string }
  | {
      type: 'SaveCustomer';
      customer: OrderCustomer;
      delivery: { cost: number; currency: string };
      at: string;
    }
  | { type: 'StartPayment'; paymentId: string; providerId: string; at: string }
  | {
      type: 'Callback';
      paymentId: string;
      amount: number;
      currency?: string;
      outcome: 'paid' | 'declined' | 'refunded';
      at: string;
    }
  | { type: 'Complete'; at: string }
  | { type: 'Refund'; by: string; at: string };

export const totalsOf = (state: OrderState): Totals =>
  computeTotals(state.lines, state.promo, state.delivery);

/** A change of what is bought makes a started payment stale: its callback can no longer pay the order. */
function supersede(state: OrderState): OrderState['payments'] {
  return state.payments.map((p) => (p.status === 'started' ? { ...p, status: 'superseded' } : p));
}

/** Every field an order event may carry; each event type carries its own subset. */
interface OrderEventFields {
  id: string;
  user_id: string;
  school_id: string | null;
  at: string;
  product: ProductSnapshot;
  quantity: number;
  product_id: string;
  promocode: PromoSnapshot;
  customer: OrderCustomer;
  delivery: { cost: number; currency: string };
  payment_id: string;
  provider_id: string;
  amount: number;
  currency: string;
  merge_id: string;
}

export function evolveOrder(state: OrderState, event: OrderEvent): OrderState {
  // Why the cast: each case reads only the fields its event's schema has; one loose view of them all
  // keeps the fold short.
  const d = event.data as unknown as OrderEventFields;
  switch (event.type) {
    case 'OrderOpened':
      return {
        ...state,
        id: d.id,
        status: 'basket',
        userId: d.user_id,
        schoolId: d.school_id,
        openedAt: d.at,
      };
    case 'BasketItemAdded': {
      const { product, quantity } = d;
      const existing = state.lines.find((l) => l.product.product_id === product.product_id);
      const lines = existing
        ? state.lines.map((l) => (l === existing ? { ...l, quantity: l.quantity + quantity } : l))
        : [...state.lines, { product, quantity }];
      return { ...state, lines, payments: supersede(state) };
    }
    case 'BasketItemQuantityChanged':
      return {
        ...state,
        lines: state.lines.map((l) =>
          l.product.product_id === d.product_id ? { ...l, quantity: d.quantity } : l,
        ),
        payments: supersede(state),
      };
    case 'BasketGuestMerged':
      return { ...state, mergedGuests: [...(state.mergedGuests ?? []), d.merge_id] };
    case 'BasketItemRemoved':
      return {
        ...state,
        lines: state.lines.filter((l) => l.product.product_id !== d.product_id),
        payments: supersede(state),
      };
    case 'OrderPromoCodeAttached':
      return { ...state, promo: d.promocode, payments: supersede(state) };
    case 'OrderPromoCodeDetached':
      return { ...state, promo: null, payments: supersede(state) };
    case 'OrderCustomerSaved':
      return { ...state, customer: d.customer, delivery: d.delivery, payments: supersede(state) };
    case 'PaymentStarted':
      return {
        ...state,
        payments: [
          ...supersede(state),
          {
            payment_id: d.payment_id,
            provider_id: d.provider_id,
            amount: d.amount,
            currency: d.currency,
            status: 'started',
          },
        ],
      };
    case 'PaymentDeclined':
      return {
        ...state,
        payments: state.payments.map((p) =>
          p.payment_id === d.payment_id ? { ...p, status: 'declined' } : p,
        ),
      };
    case 'PaymentCallbackRefused':
      return { ...state, refusedCallbacks: state.refusedCallbacks + 1 };
    case 'OrderPaid':
      return {
        ...state,
        status: 'paid',
        paid: { payment_id: d.payment_id, amount: d.amount, currency: d.currency },
        payments: state.payments.map((p) => (p.payment_id === d.payment_id ? { ...p, status: 'paid' } : p)),
      };
    case 'OrderCompleted':
      return { ...state, status: 'completed' };
    case 'OrderRefunded':
      return { ...state, status: 'refunded' };
    default:
      return state;
  }
}

function openBasket(state: OrderState): void {
  if (state.status !== 'basket') throw new ConflictError('Заказ уже оплачен');
}

export function decideOrder(command: OrderCommand, state: OrderState): OrderEvent[] {
  const id = state.id;
  switch (command.type) {
    case 'Open':
      if (state.status !== 'none') return [];
      return [
        {
          type: 'OrderOpened',
          data: { id: command.orderId, user_id: command.userId, school_id: command.schoolId, at: command.at },
        },
      ];
    case 'AddItem': {
      openBasket(state);
      const { product } = command;
      const first = state.lines[0];
      if (first && first.product.currency !== product.currency)
        throw new ValidationError('Товар в другой валюте, чем корзина', {
          product_id: ['Товар в другой валюте, чем корзина'],
        });
      const existing = state.lines.find((l) => l.product.product_id === product.product_id);
      // 000 §4: the quantity of the special kind cannot change; adding it again changes nothing.
      if (existing && product.payment_type === SINGLE_QUANTITY_PAYMENT_TYPE) return [];
      return [{ type: 'BasketItemAdded', data: { id: id!, product, quantity: 1, at: command.at } }];
    }
    case 'SetQuantity':
      openBasket(state);
      return decideQuantity(command, state);
    case 'MergeGuest':
      openBasket(state);
      return decideMerge(command, state);
    case 'RemoveItems': {
      openBasket(state);
      const present = new Set(state.lines.map((l) => l.product.product_id));
      return [...new Set(command.productIds)]
        .filter((p) => present.has(p))
        .map((product_id) => ({ type: 'BasketItemRemoved', data: { id: id!, product_id, at: command.at } }));
    }
    case 'AttachPromo':
      openBasket(state);
      if (state.promo?.id === command.promo.id) return [];
      if (state.promo)
        throw new ValidationError('Промокод уже применён', { promocode: ['Промокод уже применён'] });
      return [
        { type: 'OrderPromoCodeAttached', data: { id: id!, promocode: command.promo, at: command.at } },
      ];
    case 'DetachPromo':
      openBasket(state);
      if (!state.promo) return [];
      return [
        { type: 'OrderPromoCodeDetached', data: { id: id!, promocode_id: state.promo.id, at: command.at } },
      ];
    case 'SaveCustomer':
      openBasket(state);
      return [
        {
          type: 'OrderCustomerSaved',
          data: { id: id!, customer: command.customer, delivery: command.delivery, at: command.at },
        },
      ];
    case 'StartPayment': {
      openBasket(state);
      if (state.payments.some((p) => p.payment_id === command.paymentId)) return [];
      if (state.lines.length === 0) throw new ValidationError('Корзина пуста', { basket: ['Корзина пуста'] });
      const totals = totalsOf(state);
      if (totals.is_needs_shipment && !state.customer)
        throw new ValidationError('Укажите данные получателя и способ доставки', {
          customer: ['Укажите данные получателя и способ доставки'],
        });
      return [
        {
          type: 'PaymentStarted',
          data: {
            id: id!,
            payment_id: command.paymentId,
            provider_id: command.providerId,
            amount: totals.total,
            currency: totals.currency,
            at: command.at,
          },
        },
      ];
    }
    case 'Callback':
      return decideCallback(command, state);
    case 'Complete':
      if (state.status !== 'paid') return [];
      return [{ type: 'OrderCompleted', data: { id: id!, user_id: state.userId!, at: command.at } }];
    case 'Refund':
      if (state.status !== 'paid' && state.status !== 'completed') {
        if (state.status === 'refunded') return [];
        throw new ValidationError('Заказ не оплачен', { order: ['Заказ не оплачен'] });
      }
      return [
        {
          type: 'OrderRefunded',
          data: {
            id: id!,
            user_id: state.userId!,
            amount: state.paid!.amount,
            currency: state.paid!.currency,
            by: command.by,
            at: command.at,
          },
        },
      ];
  }
}

/** The most of one product a basket line holds (the events' bound). */
export const MAX_LINE_QUANTITY = 1000;

const fixedQuantity = () =>
  new ValidationError('Количество этого товара не меняется', {
    quantity: ['Количество этого товара не меняется'],
  });

/** The minus and plus: a line's quantity set; the special kind (000 §4) keeps 1. */
function decideQuantity(
  command: Extract<OrderCommand, { type: 'SetQuantity' }>,
  state: OrderState,
): OrderEvent[] {
  const line = state.lines.find((l) => l.product.product_id === command.productId);
  if (!line) throw new ValidationError('Товара нет в корзине', { id: ['Товара нет в корзине'] });
  if (line.quantity === command.quantity) return [];
  if (line.product.payment_type === SINGLE_QUANTITY_PAYMENT_TYPE) throw fixedQuantity();
  return [
    {
      type: 'BasketItemQuantityChanged',
      data: { id: state.id!, product_id: command.productId, quantity: command.quantity, at: command.at },
    },
  ];
}

/**
 * A guest basket's lines into this basket, once per merge id. The same product in both keeps the
 * quantity rules: the special kind stays 1, others add up (to the line's bound); a line in another
 * currency than the basket's cannot join it and is left out.
 */
function decideMerge(
  command: Extract<OrderCommand, { type: 'MergeGuest' }>,
  state: OrderState,
): OrderEvent[] {
  if ((state.mergedGuests ?? []).includes(command.mergeId)) return [];
  const id = state.id!;
  const at = command.at;
  const events: OrderEvent[] = [];
  let currency = state.lines[0]?.product.currency ?? null;
  for (const { product, quantity } of command.lines) {
    if (currency && product.currency !== currency) continue;
    currency = product.currency;
    const fixed = product.payment_type === SINGLE_QUANTITY_PAYMENT_TYPE;
    const existing = state.lines.find((l) => l.product.product_id === product.product_id);
    if (!existing) {
      const q = fixed ? 1 : Math.min(quantity, MAX_LINE_QUANTITY);
      events.push({ type: 'BasketItemAdded', data: { id, product, quantity: q, at } });
    } else if (!fixed) {
      const q = Math.min(existing.quantity + quantity, MAX_LINE_QUANTITY);
      if (q !== existing.quantity)
        events.push({
          type: 'BasketItemQuantityChanged',
          data: { id, product_id: product.product_id, quantity: q, at },
        });
    }
  }
  return [...events, { type: 'BasketGuestMerged', data: { id, merge_id: command.mergeId, at } }];
}

export const orderDecider: Decider<OrderCommand, OrderEvent, OrderState> = {
  initialState: initialOrderState,
  evolve: evolveOrder,
  decide: decideOrder,
};
