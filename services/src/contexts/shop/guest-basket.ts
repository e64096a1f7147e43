import { createHash } from 'node:crypto';
import { handleCommand } from '../../platform/commands/handle-command';
import { loadState } from '../../platform/commands/decider';
import type { Caller } from '../../platform/http/caller';
import { loadOrder, openBasket, runOrder, type ShopServices } from './commands';
import { guestBasketDecider, guestView, type GuestCommand } from './guest-basket-decider';
import { guestBasketStream, shopEventId } from './ids';
import type { OrderState } from './order-decider';

/**
 * The web keeps a guest's basket under a random session id it sends in this header. The id is a
 * bearer secret: only its hash names the stream, so the event log never holds it.
 */
export const GUEST_SESSION_HEADER = 'x-basket-session';
/** Long enough that nobody guesses another guest's (the web draws 128 random bits). */
export const GUEST_SESSION_SHAPE = /^[A-Za-z0-9_-]{32,128}$/;

export const guestKey = (sessionId: string) =>
  createHash('sha256').update(`shop-guest-basket:${sessionId}`).digest('hex').slice(0, 40);

export async function loadGuestBasket(services: Pick<ShopServices, 'store'>, key: string) {
  return loadState(services.store, guestBasketStream(key), guestBasketDecider(key));
}

/** The guest's basket as the basket calls show it (empty once expired). */
export async function peekGuestBasket(services: ShopServices, key: string): Promise<OrderState> {
  const { state } = await loadGuestBasket(services, key);
  return guestView(state, services.clock().toISOString());
}

export async function runGuest(services: ShopServices, key: string, command: GuestCommand) {
  const stream = guestBasketStream(key);
  const commandKey =
    command.type === 'Add'
      ? `add:${command.product.product_id}`
      : command.type === 'Remove'
        ? `remove:${[...command.productIds].sort().join(',')}`
        : command.type === 'SetQuantity'
          ? `quantity:${command.productId}:${command.quantity}`
          : `merge:${command.userId}`;
  return handleCommand(services.store, stream, guestBasketDecider(key), command, {
    eventId: (_e, index, version) => shopEventId(stream, version, commandKey, index),
    metadata: { userId: 'guest' },
    attempts: 5,
  });
}

/**
 * Signing in brings the guest's basket into the user's: the guest stream records which lines go to
 * which open order (once: the basket is then empty), and the order takes them under that merge's id
 * (once: the order remembers it). Called again, as after a crash between the two steps or a second
 * sign-in, the last merge is applied again and adds nothing. A guest basket of another school than the
 * one the user is signed in to stays where it is.
 */
export async function mergeGuestBasket(services: ShopServices, caller: Caller, sessionId: string) {
  const key = guestKey(sessionId);
  const { state } = await loadGuestBasket(services, key);
  const at = services.clock().toISOString();
  const lines = guestView(state, at).lines;
  let merge = state.lastMerge;
  if (lines.length > 0 && state.order.schoolId === caller.schoolId) {
    const orderId = await openBasket(services, caller);
    const outcome = await runGuest(services, key, { type: 'Merge', userId: caller.userId, orderId, at });
    merge = outcome.state.lastMerge;
  }
  if (!merge || merge.userId !== caller.userId) return;
  const { state: order } = await loadOrder(services, merge.orderId);
  if (order.status !== 'basket') return;
  await runOrder(
    services,
    merge.orderId,
    { type: 'MergeGuest', mergeId: merge.mergeId, lines: merge.lines, at },
    caller,
  );
}
