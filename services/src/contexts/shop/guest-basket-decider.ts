import type { ProductSnapshot } from '@sabaq/events';
import type { Decider } from '../../platform/commands/decider';
import { ValidationError } from '../../platform/errors';
import { uuidV5 } from '../../platform/ids';
import type { Line } from './money';
import {
  decideOrder,
  evolveOrder,
  initialOrderState,
  type OrderEvent,
  type OrderState,
} from './order-decider';

/** At most this many products in a guest's basket: a guest is nobody yet, so the basket stays small. */
export const GUEST_MAX_LINES = 20;
/** A guest basket untouched this long is emptied the next time it is used. */
export const GUEST_BASKET_DAYS = 7;

/** The last merge: which lines went to which user's order (re-applied if the order did not get them). */
export interface GuestMerge {
  mergeId: string;
  userId: string;
  orderId: string;
  lines: Line[];
}

/** A guest basket folded: its lines as an order in the basket state shows them, and its last merge. */
export interface GuestBasketState {
  order: OrderState;
  lastAt: string | null;
  version: number;
  lastMerge: GuestMerge | null;
}

export const initialGuestBasket = (key: string): GuestBasketState => ({
  order: { ...initialOrderState, id: key, status: 'basket' },
  lastAt: null,
  version: -1,
  lastMerge: null,
});

export type GuestCommand =
  | { type: 'Add'; product: ProductSnapshot; schoolId: string; at: string }
  | { type: 'Remove'; productIds: string[]; at: string }
  | { type: 'SetQuantity'; productId: string; quantity: number; at: string }
  | { type: 'Merge'; userId: string; orderId: string; at: string };

type GuestEvent = { type: string; data: Record<string, unknown> };

/** Whether the basket's last change is older than GUEST_BASKET_DAYS at `now`. */
export const guestExpired = (state: GuestBasketState, now: string): boolean =>
  state.lastAt !== null && Date.parse(now) - Date.parse(state.lastAt) > GUEST_BASKET_DAYS * 86_400_000;

/** The lines a guest sees at `now`: none once the basket expired. */
export const guestView = (state: GuestBasketState, now: string): OrderState =>
  guestExpired(state, now) ? { ...state.order, lines: [] } : state.order;

// The guest's line events mean what the order's do; the fold reuses the order's.
const AS_ORDER: Record<string, string> = {
  GuestBasketItemAdded: 'BasketItemAdded',
  GuestBasketItemRemoved: 'BasketItemRemoved',
  GuestBasketItemQuantityChanged: 'BasketItemQuantityChanged',
};

export function evolveGuestBasket(state: GuestBasketState, event: GuestEvent): GuestBasketState {
  const d = event.data;
  const next = { ...state, version: state.version + 1, lastAt: (d.at as string) ?? state.lastAt };
  const asOrder = AS_ORDER[event.type];
  if (asOrder) {
    const order = evolveOrder(state.order, { type: asOrder, data: d } as OrderEvent);
    const schoolId = (d.school_id as string | undefined) ?? state.order.schoolId;
    return { ...next, order: { ...order, schoolId, payments: [] } };
  }
  if (event.type === 'GuestBasketExpired') return { ...next, order: { ...state.order, lines: [] } };
  if (event.type === 'GuestBasketMerged')
    return {
      ...next,
      order: { ...state.order, lines: [] },
      lastMerge: {
        mergeId: d.merge_id as string,
        userId: d.user_id as string,
        orderId: d.order_id as string,
        lines: d.lines as Line[],
      },
    };
  return state;
}

const guestEvent = (event: OrderEvent, extra: Record<string, unknown> = {}): GuestEvent => ({
  type: `Guest${event.type}`,
  data: { ...event.data, ...extra },
});

/**
 * The guest's basket keeps the order's rules (one currency, the special kind's quantity 1) through the
 * order's own decider, plus its bounds: one school, GUEST_MAX_LINES products, expiry. Merging hands its
 * lines to the user's order once and empties it.
 */
export function decideGuestBasket(command: GuestCommand, current: GuestBasketState): GuestEvent[] {
  const key = current.order.id!;
  const expired = guestExpired(current, command.at);
  const prefix: GuestEvent[] = expired
    ? [{ type: 'GuestBasketExpired', data: { id: key, at: command.at } }]
    : [];
  const state = expired ? evolveGuestBasket(current, prefix[0]!) : current;
  const order = state.order;
  switch (command.type) {
    case 'Add': {
      if (order.lines.length > 0 && order.schoolId !== command.schoolId)
        throw new ValidationError('Товар другой школы', { product_id: ['Товар другой школы'] });
      const present = order.lines.some((l) => l.product.product_id === command.product.product_id);
      if (!present && order.lines.length >= GUEST_MAX_LINES) {
        const text = `В корзине без входа не больше ${GUEST_MAX_LINES} товаров`;
        throw new ValidationError(text, { product_id: [text] });
      }
      const decided = decideOrder({ type: 'AddItem', product: command.product, at: command.at }, order);
      return [...prefix, ...decided.map((e) => guestEvent(e, { school_id: command.schoolId }))];
    }
    case 'Remove':
      return [
        ...prefix,
        ...decideOrder({ ...command, type: 'RemoveItems' }, order).map((e) => guestEvent(e)),
      ];
    case 'SetQuantity':
      return [...prefix, ...decideOrder(command, order).map((e) => guestEvent(e))];
    case 'Merge': {
      if (order.lines.length === 0) return prefix;
      const mergeId = uuidV5(['shop-guest-merge', key, String(state.version)].join('\u001f'));
      return [
        ...prefix,
        {
          type: 'GuestBasketMerged',
          data: {
            id: key,
            merge_id: mergeId,
            user_id: command.userId,
            order_id: command.orderId,
            lines: order.lines,
            at: command.at,
          },
        },
      ];
    }
  }
}

export const guestBasketDecider = (key: string): Decider<GuestCommand, GuestEvent, GuestBasketState> => ({
  initialState: initialGuestBasket(key),
  evolve: evolveGuestBasket,
  decide: decideGuestBasket,
});
