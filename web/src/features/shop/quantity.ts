import { api } from '../../shared/api';
import type { BasketItem, OrderTotal } from './basket-api';
import { guestHeaders } from './guest-session';

/**
 * The line's minus and plus: its quantity set in place (`POST /api/basket/quantity.json`), so the line
 * keeps the price it was added at. The server refuses more than is in stock and any change of the
 * special kind (422, shown as a toast).
 */
export const setQuantity = (item: Pick<BasketItem, 'product_id'>, quantity: number) =>
  api.post<OrderTotal>(
    '/api/basket/quantity.json',
    { id: item.product_id, quantity },
    { headers: guestHeaders() },
  );
