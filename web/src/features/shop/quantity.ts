import { addItem, removeItem, type BasketItem } from './basket-api';

/**
 * One unit less. The basket's calls (001 §7) have add and remove of a whole line only, so the line is
 * removed and added back one unit fewer times. The re-added units take the product's price of now; a
 * price change since the line was added shows in the basket (docs/shop.md "Screens").
 */
export async function decreaseQuantity(item: Pick<BasketItem, 'product_id' | 'quantity'>) {
  await removeItem(item.product_id);
  for (let n = 1; n < item.quantity; n += 1) await addItem(item.product_id);
}
