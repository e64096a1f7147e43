import type { Decider } from '../../platform/commands/decider';
import { ValidationError } from '../../platform/errors';

/** A product's stream folded for its stock: the quantity (null: unlimited) and what orders hold. */
export interface StockState {
  quantity: number | null;
  deleted: boolean;
  held: Record<string, number>;
}

export const initialStockState: StockState = { quantity: null, deleted: false, held: {} };

type StockEvent = { type: string; data: Record<string, unknown> };
export type StockCommand =
  | { type: 'Hold'; productId: string; orderId: string; quantity: number; at: string }
  | { type: 'Release'; productId: string; orderId: string; at: string };

export function evolveStock(state: StockState, event: StockEvent): StockState {
  const d = event.data;
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
      return { ...state, held: { ...state.held, [d.order_id as string]: d.quantity as number } };
    case 'ProductStockReleased': {
      const held = { ...state.held };
      delete held[d.order_id as string];
      return { ...state, held };
    }
    default:
      return state;
  }
}

const outOfStock = () =>
  new ValidationError('Товара нет в наличии', { product_id: ['Товара нет в наличии'] });

/**
 * Holding stock is decided on the product's stream and appended at the version decided against: two
 * orders racing for the last unit cannot both hold it.
 */
export function decideStock(command: StockCommand, state: StockState): StockEvent[] {
  const mine = state.held[command.orderId];
  if (command.type === 'Release') {
    if (mine === undefined) return [];
    return [
      {
        type: 'ProductStockReleased',
        data: { id: command.productId, order_id: command.orderId, at: command.at },
      },
    ];
  }
  if (mine === command.quantity) return [];
  if (state.deleted) throw outOfStock();
  if (state.quantity !== null) {
    const others = Object.entries(state.held)
      .filter(([order]) => order !== command.orderId)
      .reduce((sum, [, n]) => sum + n, 0);
    if (others + command.quantity > state.quantity) throw outOfStock();
  }
  return [
    {
      type: 'ProductStockReserved',
      data: { id: command.productId, order_id: command.orderId, quantity: command.quantity, at: command.at },
    },
  ];
}

export const stockDecider: Decider<StockCommand, StockEvent, StockState> = {
  initialState: initialStockState,
  evolve: evolveStock,
  decide: decideStock,
};
