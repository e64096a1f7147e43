import type { Decider } from '../../platform/commands/decider';
import { ValidationError } from '../../platform/errors';
import { holdLive } from './holds';

/** Units an order holds (its payment started) or bought (its payment came in). */
export interface StockHold {
  quantity: number;
  at: string;
  sold: boolean;
}

/** A product's stream folded for its stock: the quantity (null: unlimited) and what orders hold. */
export interface StockState {
  quantity: number | null;
  deleted: boolean;
  held: Record<string, StockHold>;
}

export const initialStockState: StockState = { quantity: null, deleted: false, held: {} };

type StockEvent = { type: string; data: Record<string, unknown> };
/**
 * `Check` (a basket line's quantity raised) decides nothing and refuses more than is left; `Hold` when a payment starts (for HOLD_MINUTES), `Sell` when the order is paid (for good, even past
 * the quantity: the buyer has paid), `Release` when the item leaves the basket or the order is refunded.
 */
export type StockCommand =
  | { type: 'Hold' | 'Sell' | 'Check'; productId: string; orderId: string; quantity: number; at: string }
  | { type: 'Release'; productId: string; orderId: string; at: string };

export function evolveStock(state: StockState, event: StockEvent): StockState {
  const d = event.data;
  const orderId = d.order_id as string;
  switch (event.type) {
    case 'ProductCreated':
      return { ...state, quantity: (d.quantity as number | null | undefined) ?? null };
    case 'ProductUpdated': {
      const changes = d.changes as { quantity?: number | null };
      return changes.quantity === undefined ? state : { ...state, quantity: changes.quantity };
    }
    case 'ProductDeleted':
      return { ...state, deleted: true };
    case 'ProductStockReserved':
    case 'ProductStockSold':
      return {
        ...state,
        held: {
          ...state.held,
          [orderId]: {
            quantity: d.quantity as number,
            at: d.at as string,
            sold: event.type === 'ProductStockSold',
          },
        },
      };
    case 'ProductStockReleased': {
      const held = { ...state.held };
      delete held[orderId];
      return { ...state, held };
    }
    default:
      return state;
  }
}

const outOfStock = () =>
  new ValidationError('Товара нет в наличии', { product_id: ['Товара нет в наличии'] });

/** Whether a hold counts at `now`: units sold always do, a payment's hold until it lapses. */
const counts = (hold: StockHold, now: string) => hold.sold || holdLive(hold.at, now);

/**
 * Holding stock is decided on the product's stream and appended at the version decided against: two
 * orders racing for the last unit cannot both hold it. A lapsed hold counts for nothing.
 */
export function decideStock(command: StockCommand, state: StockState): StockEvent[] {
  const mine = state.held[command.orderId];
  const data = { id: command.productId, order_id: command.orderId, at: command.at };
  if (command.type === 'Release') return mine ? [{ type: 'ProductStockReleased', data }] : [];
  if (command.type === 'Sell')
    return mine?.sold ? [] : [{ type: 'ProductStockSold', data: { ...data, quantity: command.quantity } }];
  if (command.type === 'Hold' && mine && mine.quantity === command.quantity && counts(mine, command.at))
    return [];
  if (mine?.sold) return [];
  if (state.deleted) throw outOfStock();
  if (state.quantity !== null) {
    const others = Object.entries(state.held)
      .filter(([order, hold]) => order !== command.orderId && counts(hold, command.at))
      .reduce((sum, [, hold]) => sum + hold.quantity, 0);
    if (others + command.quantity > state.quantity) throw outOfStock();
  }
  if (command.type === 'Check') return [];
  return [{ type: 'ProductStockReserved', data: { ...data, quantity: command.quantity } }];
}

export const stockDecider: Decider<StockCommand, StockEvent, StockState> = {
  initialState: initialStockState,
  evolve: evolveStock,
  decide: decideStock,
};
