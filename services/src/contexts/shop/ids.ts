import { uuidV5 } from '../../platform/ids';

export const cartStream = (userId: string) => `shop_cart-${userId}`;
export const orderStream = (orderId: string) => `shop_order-${orderId}`;
export const productStream = (productId: string) => `shop_product-${productId}`;
export const promoStream = (promoId: string) => `shop_promocode-${promoId}`;
export const grantStream = (orderId: string) => `shop_grant-${orderId}`;

/** The user's n-th order: derived, so two first adds racing open the same order. */
export const cartOrderId = (userId: string, cartVersion: number) =>
  uuidV5(['shop-cart-order', userId, String(cartVersion)].join('\u001f'));

/** An event's id from its stream, the version decided against and the command's key: a retry appends nothing. */
export const shopEventId = (stream: string, version: number, key: string, index: number) =>
  uuidV5(['shop-event', stream, String(version), key, String(index)].join('\u001f'));
/** A guest's basket, named by a hash of the session id the web keeps (guest-basket.ts). */
export const guestBasketStream = (key: string) => `shop_guest_basket-${key}`;
