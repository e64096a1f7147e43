import { z } from 'zod';
import { defineContract, defineEvent } from '../registry';
import { recordEventsWithSecrets } from './infrastructure';
import { recordEvents } from './reference';

/**
 * The shop (specification 000 §3 Order, Order customer, Basket item; 001 §3, §4, §7): every fact is an
 * event. Catalogue records (products, payment providers, delivery methods, city delivery methods, promo
 * codes) are record streams `shop_<kind>-<id>`; a user's basket is an order stream `shop_order-<id>`
 * whose id the user's cart stream `shop_cart-<userId>` names; a promo code's uses are events on the
 * promo code's own stream, so its expected-version append guards its limits; what a paid order grants
 * is a grant stream `shop_grant-<orderId>`. Money is always an integer of minor units with an ISO
 * 4217 currency, never a float.
 */
const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
const at = z.iso.datetime({ offset: true });
/** Minor units (tiyn, kopecks, cents): an integer, never a float. */
export const minorUnits = z.number().int().min(0).max(1_000_000_000_000);
export const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'Код валюты ISO 4217');

export const PRODUCT_STATUSES = ['active', 'inactive'] as const;
export const SHIPMENT_TYPES = ['digital', 'physical'] as const;
export const PAYMENT_TYPES = ['forever', 'subscription', 'voucher'] as const;
/** The special kind whose quantity stays 1 (000 §4): a voucher buys one access, not a pile of them. */
export const SINGLE_QUANTITY_PAYMENT_TYPE = 'voucher';

export const productSchema = z.object({
  name: z.string().trim().min(1, 'Введите название').max(255),
  description: z.string().max(5000).nullable().default(null),
  status: z.enum(PRODUCT_STATUSES).default('active'),
  type: z.string().max(64).default('course'),
  shipment_type: z.enum(SHIPMENT_TYPES).default('digital'),
  payment_type: z.enum(PAYMENT_TYPES).default('forever'),
  price: minorUnits,
  currency: currencyCode.default('KZT'),
  /** Stock of a physical product; null: unlimited. */
  quantity: z.number().int().min(0).max(1_000_000).nullable().default(null),
  image: z.string().max(2000).nullable().default(null),
  /** What buying it grants: access to a course, a prepaid assignment, an invite code's product. */
  course_id: id.nullable().default(null),
  assignment_id: id.nullable().default(null),
  invite_code_id: id.nullable().default(null),
});

export const PAYMENT_PROVIDER_TYPES = ['test', 'stripe'] as const;
export const paymentProviderSchema = z.object({
  type: z.enum(PAYMENT_PROVIDER_TYPES).default('test'),
  name: z.string().trim().min(1, 'Введите название').max(255),
  logo: z.string().max(2000).nullable().default(null),
  description: z.string().max(5000).nullable().default(null),
  /** A real provider's keys (Stripe: `sk_…` and the webhook endpoint's `whsec_…`); never shown. */
  secret_key: z.string().trim().max(255).nullable().default(null),
  webhook_secret: z.string().trim().max(255).nullable().default(null),
});

export const deliveryMethodSchema = z.object({
  name: z.string().trim().min(1, 'Введите название').max(255),
  description: z.string().max(5000).nullable().default(null),
});

export const cityDeliveryMethodSchema = z.object({
  city_id: id,
  delivery_method_id: id,
  cost: minorUnits,
  currency: currencyCode.default('KZT'),
  /** Delivery time in days. */
  time: z.number().int().min(0).max(365).default(1),
});

export const PROMO_KINDS = ['percent', 'amount'] as const;
export const promoCodeSchema = z.object({
  /** The text a buyer types. */
  name: z.string().trim().min(1, 'Введите промокод').max(64),
  description: z.string().max(5000).nullable().default(null),
  kind: z.enum(PROMO_KINDS),
  /** Percent (1..100) or minor units of `currency`. */
  value: z.number().int().min(1).max(1_000_000_000_000),
  currency: currencyCode.nullable().default(null),
  /** The one product it applies to; null: every product. */
  product_id: id.nullable().default(null),
  max_uses: z.number().int().min(0).max(10_000_000).nullable().default(null),
  max_uses_per_user: z.number().int().min(0).max(10_000_000).nullable().default(null),
  expires_at: at.nullable().default(null),
});

export const ProductEvents = recordEvents('Product', productSchema);
/** A provider's keys stay in the store: redacted from the Kafka topics and the analytics copy. */
export const PaymentProviderEvents = recordEventsWithSecrets('PaymentProvider', paymentProviderSchema, [
  'secret_key',
  'webhook_secret',
]);
export const DeliveryMethodEvents = recordEvents('DeliveryMethod', deliveryMethodSchema);
export const CityDeliveryMethodEvents = recordEvents('CityDeliveryMethod', cityDeliveryMethodSchema);
export const PromoCodeEvents = recordEvents('PromoCode', promoCodeSchema);

/**
 * A promo code's use is held by an order when its payment starts (on the promo code's stream; it lapses
 * after the shop's hold time), taken for good when the order is paid, and given back on detach.
 */
export const PromoCodeReserved = defineEvent({
  type: 'PromoCodeReserved',
  version: 1,
  schema: z.object({ id, order_id: id, user_id: id, at }),
});
export const PromoCodeUsed = defineEvent({
  type: 'PromoCodeUsed',
  version: 1,
  schema: z.object({ id, order_id: id, user_id: id, at }),
});
/** A hold given back (detach), or a taken use given back because the order was refunded. */
export const PromoCodeReleased = defineEvent({
  type: 'PromoCodeReleased',
  version: 1,
  schema: z.object({ id, order_id: id, reason: z.enum(['refund']).optional(), at }),
});

/**
 * A physical product's stock held by an order when its payment starts (the quantity replaces what the
 * order held before) and given back when the item leaves the basket or the order is refunded.
 */
export const ProductStockReserved = defineEvent({
  type: 'ProductStockReserved',
  version: 1,
  schema: z.object({ id, order_id: id, quantity: z.number().int().min(1).max(1_000_000), at }),
});
/** The units of a paid order: sold for good (a hold lapses, a sale does not). */
export const ProductStockSold = defineEvent({
  type: 'ProductStockSold',
  version: 1,
  schema: z.object({ id, order_id: id, quantity: z.number().int().min(1).max(1_000_000), at }),
});
export const ProductStockReleased = defineEvent({
  type: 'ProductStockReleased',
  version: 1,
  schema: z.object({ id, order_id: id, at }),
});

/** The cart names the user's open order; a paid order makes the next add open a new one. */
export const CartOrderOpened = defineEvent({
  type: 'CartOrderOpened',
  version: 1,
  schema: z.object({ user_id: id, order_id: id, at }),
});

export const orderCustomerSchema = z.object({
  firstname: z.string().trim().min(1, 'Введите имя').max(255),
  lastname: z.string().trim().min(1, 'Введите фамилию').max(255),
  patronymic: z.string().max(255).nullable().default(null),
  email: z.string().max(255).nullable().default(null),
  phone: z.string().max(64).nullable().default(null),
  country_id: id.nullable().default(null),
  city_id: id,
  address_1: z.string().trim().min(1, 'Введите адрес').max(1000),
  address_2: z.string().max(1000).nullable().default(null),
  zip: z.string().max(32).nullable().default(null),
  comment: z.string().max(5000).nullable().default(null),
  geo_lat: z.number().min(-90).max(90).nullable().default(null),
  geo_lng: z.number().min(-180).max(180).nullable().default(null),
  geo_zoom: z.number().int().min(0).max(22).default(8),
  city_delivery_method_id: id,
});
export type OrderCustomer = z.infer<typeof orderCustomerSchema>;

/** A product as the basket saw it: prices are taken when added and kept, so totals never drift. */
const productSnapshot = z.object({
  product_id: id,
  name: z.string(),
  price: minorUnits,
  currency: currencyCode,
  shipment_type: z.enum(SHIPMENT_TYPES),
  payment_type: z.enum(PAYMENT_TYPES),
});
export type ProductSnapshot = z.infer<typeof productSnapshot>;

const promoSnapshot = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  kind: z.enum(PROMO_KINDS),
  value: z.number().int(),
  currency: currencyCode.nullable(),
  product_id: id.nullable(),
});
export type PromoSnapshot = z.infer<typeof promoSnapshot>;

export const OrderOpened = defineEvent({
  type: 'OrderOpened',
  version: 1,
  schema: z.object({ id, user_id: id, school_id: id.nullable(), at }),
});
export const BasketItemAdded = defineEvent({
  type: 'BasketItemAdded',
  version: 1,
  schema: z.object({ id, product: productSnapshot, quantity: z.number().int().min(1).max(1000), at }),
});
export const BasketItemRemoved = defineEvent({
  type: 'BasketItemRemoved',
  version: 1,
  schema: z.object({ id, product_id: id, at }),
});
/** A line's quantity set (the basket's minus and plus); the special kind keeps 1. */
export const BasketItemQuantityChanged = defineEvent({
  type: 'BasketItemQuantityChanged',
  version: 1,
  schema: z.object({ id, product_id: id, quantity: z.number().int().min(1).max(1000), at }),
});
/** A guest basket's lines came into this order (their items are the events before it); once per merge. */
export const BasketGuestMerged = defineEvent({
  type: 'BasketGuestMerged',
  version: 1,
  schema: z.object({ id, merge_id: id, at }),
});
export const OrderPromoCodeAttached = defineEvent({
  type: 'OrderPromoCodeAttached',
  version: 1,
  schema: z.object({ id, promocode: promoSnapshot, at }),
});
export const OrderPromoCodeDetached = defineEvent({
  type: 'OrderPromoCodeDetached',
  version: 1,
  schema: z.object({ id, promocode_id: id, at }),
});
export const OrderCustomerSaved = defineEvent({
  type: 'OrderCustomerSaved',
  version: 1,
  schema: z.object({
    id,
    customer: orderCustomerSchema,
    /** The chosen city delivery method's cost, taken when saved. */
    delivery: z.object({ cost: minorUnits, currency: currencyCode }),
    at,
  }),
});
export const PaymentStarted = defineEvent({
  type: 'PaymentStarted',
  version: 1,
  schema: z.object({
    id,
    payment_id: id,
    provider_id: id,
    amount: minorUnits,
    currency: currencyCode,
    at,
  }),
});
/** A provider's callback that changed nothing because it was wrong (amount, unknown payment): recorded. */
export const PaymentCallbackRefused = defineEvent({
  type: 'PaymentCallbackRefused',
  version: 1,
  schema: z.object({ id, payment_id: id, reason: z.string().max(500), amount: minorUnits, at }),
});
export const PaymentDeclined = defineEvent({
  type: 'PaymentDeclined',
  version: 1,
  schema: z.object({ id, payment_id: id, at }),
});
export const OrderPaid = defineEvent({
  type: 'OrderPaid',
  version: 1,
  schema: z.object({ id, payment_id: id, user_id: id, amount: minorUnits, currency: currencyCode, at }),
});
export const OrderCompleted = defineEvent({
  type: 'OrderCompleted',
  version: 1,
  schema: z.object({ id, user_id: id, at }),
});
export const OrderRefunded = defineEvent({
  type: 'OrderRefunded',
  version: 1,
  schema: z.object({ id, user_id: id, amount: minorUnits, currency: currencyCode, by: id, at }),
});

/**
 * A guest's basket (no user yet): kept under a hash of the session id the web holds, never the id
 * itself. Its lines are products of one school; signing in merges them into the user's basket.
 */
const guestLine = z.object({ product: productSnapshot, quantity: z.number().int().min(1).max(1000) });
export const GuestBasketItemAdded = defineEvent({
  type: 'GuestBasketItemAdded',
  version: 1,
  schema: z.object({
    id,
    school_id: id,
    product: productSnapshot,
    quantity: z.number().int().min(1).max(1000),
    at,
  }),
});
export const GuestBasketItemRemoved = defineEvent({
  type: 'GuestBasketItemRemoved',
  version: 1,
  schema: z.object({ id, product_id: id, at }),
});
export const GuestBasketItemQuantityChanged = defineEvent({
  type: 'GuestBasketItemQuantityChanged',
  version: 1,
  schema: z.object({ id, product_id: id, quantity: z.number().int().min(1).max(1000), at }),
});
/** An untouched guest basket emptied when next used after its expiry. */
export const GuestBasketExpired = defineEvent({
  type: 'GuestBasketExpired',
  version: 1,
  schema: z.object({ id, at }),
});
/** The guest signed in: these lines go to the user's open order `order_id` (merge `merge_id`). */
export const GuestBasketMerged = defineEvent({
  type: 'GuestBasketMerged',
  version: 1,
  schema: z.object({
    id,
    merge_id: id,
    user_id: id,
    order_id: id,
    lines: z.array(guestLine).max(1000),
    at,
  }),
});

const grantItem = z.object({
  product_id: id,
  course_id: id.nullable(),
  assignment_id: id.nullable(),
  invite_code_id: id.nullable(),
});
export type GrantItem = z.infer<typeof grantItem>;
export const ProductAccessGranted = defineEvent({
  type: 'ProductAccessGranted',
  version: 1,
  schema: z.object({ order_id: id, user_id: id, items: z.array(grantItem), at }),
});
export const ProductAccessRevoked = defineEvent({
  type: 'ProductAccessRevoked',
  version: 1,
  schema: z.object({ order_id: id, user_id: id, at }),
});

const records = [
  ProductEvents,
  PaymentProviderEvents,
  DeliveryMethodEvents,
  CityDeliveryMethodEvents,
  PromoCodeEvents,
];

export const shopContract = defineContract({
  context: 'shop',
  categories: [
    'shop_product',
    'shop_payment_provider',
    'shop_delivery_method',
    'shop_city_delivery_method',
    'shop_promocode',
    'shop_cart',
    'shop_order',
    'shop_grant',
    'shop_guest_basket',
  ],
  events: [
    ...records.flatMap((set) => [set.created, set.updated, set.deleted]),
    PromoCodeReserved,
    PromoCodeUsed,
    PromoCodeReleased,
    ProductStockReserved,
    ProductStockSold,
    ProductStockReleased,
    CartOrderOpened,
    OrderOpened,
    BasketItemAdded,
    BasketItemRemoved,
    BasketItemQuantityChanged,
    BasketGuestMerged,
    GuestBasketItemAdded,
    GuestBasketItemRemoved,
    GuestBasketItemQuantityChanged,
    GuestBasketExpired,
    GuestBasketMerged,
    OrderPromoCodeAttached,
    OrderPromoCodeDetached,
    OrderCustomerSaved,
    PaymentStarted,
    PaymentCallbackRefused,
    PaymentDeclined,
    OrderPaid,
    OrderCompleted,
    OrderRefunded,
    ProductAccessGranted,
    ProductAccessRevoked,
  ],
});

export type OrderPaidData = z.infer<typeof OrderPaid.schema>;
export type OrderCompletedData = z.infer<typeof OrderCompleted.schema>;
export type OrderRefundedData = z.infer<typeof OrderRefunded.schema>;
