import type { ProductSnapshot, PromoSnapshot } from '@sabaq/events';
import { handleCommand } from '../../platform/commands/handle-command';
import { loadState, type Decider } from '../../platform/commands/decider';
import type { ContextServices } from '../../platform/context';
import { NotFoundError, ValidationError } from '../../platform/errors';
import type { Caller } from '../../platform/http/caller';
import { withTables } from '../../platform/read-models/database';
import { cartOrderId, cartStream, orderStream, productStream, promoStream, shopEventId } from './ids';
import { orderDecider, type OrderCommand, type OrderState } from './order-decider';
import { decidePromo, promoDecider, type PromoCommand } from './promo-decider';
import { decideStock, stockDecider, type StockCommand } from './stock-decider';
import { ORDERS_PROJECTION } from './read-model/orders-table';
import { SHOP_RECORD_TABLES, type ShopTables } from './read-model/tables';

export type ShopServices = Pick<ContextServices, 'store' | 'db' | 'clock' | 'newId'>;

interface CartState {
  opened: string[];
}
type CartEvent = { type: string; data: Record<string, unknown> };
const cartDecider: Decider<{ userId: string; seen: string | null; at: string }, CartEvent, CartState> = {
  initialState: { opened: [] },
  evolve: (s, e) => (e.type === 'CartOrderOpened' ? { opened: [...s.opened, e.data.order_id as string] } : s),
  decide: (c, s) =>
    (s.opened.at(-1) ?? null) !== c.seen
      ? []
      : [
          {
            type: 'CartOrderOpened',
            data: { user_id: c.userId, order_id: cartOrderId(c.userId, s.opened.length), at: c.at },
          },
        ],
};

const metadataOf = (caller: Caller) => ({
  userId: caller.userId,
  ...(caller.schoolId ? { schoolId: caller.schoolId } : {}),
});

export async function loadOrder(services: Pick<ShopServices, 'store'>, orderId: string) {
  return loadState(services.store, orderStream(orderId), orderDecider);
}

/** The caller's open order, or the id their next one will have (a read opens nothing). */
export async function peekBasket(
  services: ShopServices,
  caller: Caller,
): Promise<{ id: string; state: OrderState }> {
  const cart = await loadState(services.store, cartStream(caller.userId), cartDecider);
  const last = cart.state.opened.at(-1);
  if (last) {
    const { state } = await loadOrder(services, last);
    if (state.status === 'basket') return { id: last, state };
  }
  return { id: cartOrderId(caller.userId, cart.state.opened.length), state: orderDecider.initialState };
}

/** The caller's open order, opened when there is none (two first adds racing open the same one). */
export async function openBasket(services: ShopServices, caller: Caller): Promise<string> {
  const peek = await peekBasket(services, caller);
  if (peek.state.status === 'basket') return peek.id;
  const cart = await loadState(services.store, cartStream(caller.userId), cartDecider);
  const stream = cartStream(caller.userId);
  const at = services.clock().toISOString();
  const outcome = await handleCommand(
    services.store,
    stream,
    cartDecider,
    { userId: caller.userId, seen: cart.state.opened.at(-1) ?? null, at },
    {
      eventId: (_e, index, version) => shopEventId(stream, version, 'open', index),
      metadata: metadataOf(caller),
      attempts: 3,
    },
  );
  const orderId = outcome.state.opened.at(-1)!;
  await runOrder(
    services,
    orderId,
    { type: 'Open', orderId, userId: caller.userId, schoolId: caller.schoolId, at },
    caller,
  );
  return orderId;
}

/** An order command through the platform's handler; the orders read model is waited for. */
export async function runOrder(
  services: ShopServices,
  orderId: string,
  command: OrderCommand,
  caller: Caller | null,
  options: { wait?: boolean; schoolId?: string | null } = {},
) {
  const stream = orderStream(orderId);
  // Without a caller (a provider's callback, the fulfilment) the order's school still goes with its
  // events: the analytics copy of the log is scoped by the metadata's school.
  const system = { userId: 'shop', ...(options.schoolId ? { schoolId: options.schoolId } : {}) };
  return handleCommand(services.store, stream, orderDecider, command, {
    eventId: (event, index, version) => shopEventId(stream, version, commandKey(command), index),
    metadata: caller ? metadataOf(caller) : system,
    attempts: 10,
    pauseAfterConflict: (n) => Math.min(50, n * 5) * Math.random(),
    ...(options.wait === false ? {} : { waitFor: { db: services.db, projections: [ORDERS_PROJECTION] } }),
  });
}

/** What makes two commands the same command (a retry) rather than two. */
function commandKey(command: OrderCommand): string {
  switch (command.type) {
    case 'AddItem':
      return `add:${command.product.product_id}`;
    case 'RemoveItems':
      return `remove:${[...command.productIds].sort().join(',')}`;
    case 'SetQuantity':
      return `quantity:${command.productId}:${command.quantity}`;
    case 'MergeGuest':
      return `merge:${command.mergeId}`;
    case 'AttachPromo':
      return `promo:${command.promo.id}`;
    case 'StartPayment':
      return `pay:${command.paymentId}`;
    case 'Callback':
      return `callback:${command.paymentId}:${command.outcome}:${command.amount}:${command.currency ?? ''}`;
    default:
      return command.type;
  }
}

/** An active product of the caller's school as the basket keeps it. */
export async function productSnapshot(
  services: ShopServices,
  caller: Caller,
  productId: string,
): Promise<ProductSnapshot & { quantity: number | null }> {
  const found = await activeProduct(services, productId);
  if (!found || found.schoolId !== caller.schoolId) throw productNotFound();
  return found.product;
}

const productNotFound = () => new ValidationError('Товар не найден', { product_id: ['Товар не найден'] });

/** An active product of any school (a guest's basket takes the school of its first product). */
export async function activeProduct(
  services: ShopServices,
  productId: string,
): Promise<{ schoolId: string; product: ProductSnapshot & { quantity: number | null } } | null> {
  const row = await withTables<ShopTables>(services.db)
    .selectFrom(SHOP_RECORD_TABLES.products)
    .selectAll()
    .where('id', '=', productId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!row || row.status !== 'active' || !row.school_id) return null;
  return {
    schoolId: row.school_id,
    product: {
      product_id: row.id,
      name: row.name as string,
      price: Number(row.price),
      currency: row.currency as string,
      shipment_type: row.shipment_type as ProductSnapshot['shipment_type'],
      payment_type: row.payment_type as ProductSnapshot['payment_type'],
      quantity: row.quantity === null ? null : Number(row.quantity),
    },
  };
}

/** A guest's product: active, else 422 as for a signed-in buyer. */
export async function guestProduct(services: ShopServices, productId: string) {
  const found = await activeProduct(services, productId);
  if (!found) throw productNotFound();
  return found;
}

/**
 * Attaches a promo code: the code is checked (known, not expired, fits the basket, a use left counting
 * the uses taken and the holds not lapsed) but nothing is taken: the use is held when the payment
 * starts (`holdPromoFor`) and taken when the order is paid (the fulfilment process).
 */
export async function attachPromo(services: ShopServices, caller: Caller, text: string) {
  const row = await withTables<ShopTables>(services.db)
    .selectFrom(SHOP_RECORD_TABLES.promoCodes)
    .selectAll()
    .where('deleted', '=', false)
    .where('school_id', '=', caller.schoolId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', text.trim().toLowerCase()))
    .executeTakeFirst();
  if (!row) throw new ValidationError('Промокод не найден', { promocode: ['Промокод не найден'] });
  const orderId = await openBasket(services, caller);
  const { state } = await loadOrder(services, orderId);
  const promo: PromoSnapshot = {
    id: row.id,
    name: row.name as string,
    description: row.description ?? null,
    kind: row.kind as PromoSnapshot['kind'],
    value: Number(row.value),
    currency: row.currency ?? null,
    product_id: row.product_id ?? null,
  };
  if (promo.product_id && !state.lines.some((l) => l.product.product_id === promo.product_id))
    throw new ValidationError('Промокод не подходит к товарам корзины', {
      promocode: ['Промокод не подходит к товарам корзины'],
    });
  const at = services.clock().toISOString();
  const promoState = await loadState(services.store, promoStream(promo.id), promoDecider);
  decidePromo({ type: 'Check', promoId: promo.id, orderId, userId: caller.userId, at }, promoState.state);
  await runOrder(services, orderId, { type: 'AttachPromo', promo, at }, caller);
}

/** A promo code command on the promo code's own stream, where its limits are decided. */
async function promoCommand(services: ShopServices, command: PromoCommand, userId: string) {
  const stream = promoStream(command.promoId);
  await handleCommand(services.store, stream, promoDecider, command, {
    eventId: (_e, index, version) =>
      shopEventId(stream, version, `${command.type}:${command.orderId}`, index),
    metadata: { userId },
    // Many buyers of one code race for its stream; each lost race is decided again on the new uses.
    attempts: 200,
    pauseAfterConflict: (n) => Math.random() * Math.min(100, 5 * n),
  });
}

/** When a payment starts: the order's promo code holds one use (422 when none is left). */
export async function holdPromoFor(
  services: ShopServices,
  caller: Caller,
  orderId: string,
  state: OrderState,
) {
  if (!state.promo) return;
  const at = services.clock().toISOString();
  await promoCommand(
    services,
    { type: 'Reserve', promoId: state.promo.id, orderId, userId: caller.userId, at },
    caller.userId,
  );
}

/** When the order is paid: its promo code's use is taken for good. */
export async function usePromoFor(services: ShopServices, orderId: string, state: OrderState) {
  if (!state.promo || !state.userId) return;
  const at = services.clock().toISOString();
  await promoCommand(
    services,
    { type: 'Use', promoId: state.promo.id, orderId, userId: state.userId, at },
    state.userId,
  );
}

export async function releasePromo(services: ShopServices, caller: Caller, promoId: string, orderId: string) {
  const at = services.clock().toISOString();
  await promoCommand(services, { type: 'Release', promoId, orderId, at }, caller.userId);
}

/** When the order is refunded: its promo code's use is given back (it counts no longer). */
export async function giveBackPromoFor(services: ShopServices, orderId: string, state: OrderState) {
  if (!state.promo) return;
  const at = services.clock().toISOString();
  await promoCommand(
    services,
    { type: 'GiveBack', promoId: state.promo.id, orderId, at },
    state.userId ?? 'shop',
  );
}

export async function detachPromo(services: ShopServices, caller: Caller) {
  const peek = await peekBasket(services, caller);
  if (peek.state.status !== 'basket' || !peek.state.promo) return;
  const promoId = peek.state.promo.id;
  await runOrder(services, peek.id, { type: 'DetachPromo', at: services.clock().toISOString() }, caller);
  await releasePromo(services, caller, promoId, peek.id);
}

export function notFoundOrder(): never {
  throw new NotFoundError('Заказ не найден');
}

/** Holds or gives back a physical product's stock for an order, on the product's own stream. */
export async function stockCommand(services: ShopServices, command: StockCommand, userId: string) {
  const stream = productStream(command.productId);
  const key =
    command.type === 'Release'
      ? `release:${command.orderId}`
      : `${command.type}:${command.orderId}:${command.quantity}`;
  await handleCommand(services.store, stream, stockDecider, command, {
    eventId: (_e, index, version) => shopEventId(stream, version, key, index),
    metadata: { userId },
    attempts: 200,
    pauseAfterConflict: (n) => Math.random() * Math.min(100, 5 * n),
  });
}

/** A physical product's line may not ask for more than is left beside what others hold (422). */
export async function checkStock(
  services: ShopServices,
  product: Pick<ProductSnapshot, 'product_id' | 'shipment_type'>,
  orderId: string,
  quantity: number,
) {
  if (product.shipment_type !== 'physical') return;
  const { state } = await loadState(services.store, productStream(product.product_id), stockDecider);
  const at = services.clock().toISOString();
  decideStock({ type: 'Check', productId: product.product_id, orderId, quantity, at }, state);
}

/** Before a payment starts, every physical line holds its stock (422 when there is not enough). */
export async function holdStockFor(
  services: ShopServices,
  caller: Caller,
  orderId: string,
  state: OrderState,
) {
  const at = services.clock().toISOString();
  for (const line of state.lines.filter((l) => l.product.shipment_type === 'physical')) {
    await stockCommand(
      services,
      { type: 'Hold', productId: line.product.product_id, orderId, quantity: line.quantity, at },
      caller.userId,
    );
  }
}

/** When the order is paid: its physical lines' units are sold for good. */
export async function sellStockFor(services: ShopServices, orderId: string, state: OrderState) {
  const at = services.clock().toISOString();
  for (const line of state.lines.filter((l) => l.product.shipment_type === 'physical')) {
    await stockCommand(
      services,
      { type: 'Sell', productId: line.product.product_id, orderId, quantity: line.quantity, at },
      state.userId ?? 'shop',
    );
  }
}
