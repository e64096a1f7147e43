import type { BasketItem } from './basket-api';

/** What a quantity button does (000 §4, §5): the special kind keeps 1; minus at 1 removes after asking. */
export type QuantityStep = 'fixed' | 'add' | 'confirm-remove' | 'decrease';

export function quantityStep(item: Pick<BasketItem, 'quantity' | 'is_quantity_fixed'>, delta: 1 | -1) {
  if (item.is_quantity_fixed) return 'fixed' as const;
  if (delta > 0) return 'add' as const;
  return item.quantity <= 1 ? ('confirm-remove' as const) : ('decrease' as const);
}
