import { describe, expect, it } from 'vitest';
import {
  decideStock,
  evolveStock,
  initialStockState,
  type StockCommand,
  type StockState,
} from './stock-decider';
import { HOLD_MINUTES } from './holds';

const at = '2026-11-27T10:00:00.000Z';
const hold = (orderId: string, quantity: number): StockCommand => ({
  type: 'Hold',
  productId: 'p',
  orderId,
  quantity,
  at,
});
const apply = (s: StockState, c: StockCommand) => decideStock(c, s).reduce(evolveStock, s);
const three = evolveStock(initialStockState, { type: 'ProductCreated', data: { quantity: 3 } });

describe('the stock decider', () => {
  it('holds no more than the quantity, and an order holding again replaces its own hold', () => {
    const s = apply(apply(three, hold('o1', 2)), hold('o2', 1));
    expect(() => decideStock(hold('o3', 1), s)).toThrow('нет в наличии');
    expect(decideStock(hold('o1', 2), s)).toEqual([]);
    expect(() => decideStock(hold('o1', 3), s)).toThrow();
    const released = apply(s, { type: 'Release', productId: 'p', orderId: 'o2', at });
    expect(apply(released, hold('o1', 3)).held).toEqual({ o1: { quantity: 3, at, sold: false } });
  });

  it('lets a hold lapse after HOLD_MINUTES but keeps units sold', () => {
    const later = new Date(Date.parse(at) + (HOLD_MINUTES + 1) * 60_000).toISOString();
    const s = apply(apply(three, hold('o1', 2)), hold('o2', 1));
    const sold = apply(s, { type: 'Sell', productId: 'p', orderId: 'o2', quantity: 1, at });
    expect(() =>
      decideStock({ ...hold('o3', 2), at: new Date(Date.parse(later) - 120_000).toISOString() }, sold),
    ).toThrow();
    expect(decideStock({ ...hold('o3', 2), at: later }, sold)).toHaveLength(1);
    expect(() => decideStock({ ...hold('o3', 3), at: later }, sold)).toThrow('нет в наличии');
    // The lapsed order holds again at its turn, like anyone else.
    expect(decideStock({ ...hold('o1', 2), at: later }, sold)).toHaveLength(1);
    expect(decideStock({ type: 'Sell', productId: 'p', orderId: 'o2', quantity: 1, at }, sold)).toEqual([]);
  });

  it('counts an updated quantity and leaves an unlimited product unlimited', () => {
    const more = evolveStock(three, { type: 'ProductUpdated', data: { changes: { quantity: 10 } } });
    expect(decideStock(hold('o1', 10), more)).toHaveLength(1);
    expect(decideStock(hold('o1', 1000), initialStockState)).toHaveLength(1);
  });
});
