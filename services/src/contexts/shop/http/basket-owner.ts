import type { FastifyRequest } from 'fastify';
import type { ContextServices } from '../../../platform/context';
import { DomainError, ValidationError } from '../../../platform/errors';
import {
  bearerToken,
  refusePendingChallenges,
  UnauthenticatedError,
} from '../../../platform/http/authenticate';
import type { Caller } from '../../../platform/http/caller';
import { slidingWindowLimiter } from '../../../platform/http/sliding-window-limiter';
import { peekBasket } from '../commands';
import { orderTotalEntity } from '../entities';
import {
  GUEST_SESSION_HEADER,
  GUEST_SESSION_SHAPE,
  guestKey,
  loadGuestBasket,
  mergeGuestBasket,
  peekGuestBasket,
} from '../guest-basket';
import type { OrderState } from '../order-decider';

/** Whose basket a call is about: a signed-in user's, or a guest's named by their session id. */
export type BasketOwner =
  | { kind: 'user'; caller: Caller }
  | {
      kind: 'guest';
      key: string;
      /** Before a guest basket's first line: refuses an address that opened too many lately (429). */
      admit(): Promise<void>;
    };

export const badSession = 'Неверный идентификатор корзины';

/** The key read for a visitor with neither a token nor a session id: no stream is ever written under it. */
const NO_BASKET = 'no-basket';

/** New guest baskets one address may open in an hour (this api instance's memory, as chat's limit). */
export const GUEST_BASKETS_PER_HOUR = 30;

function newBasketLimiter(clock: () => Date) {
  const opened = slidingWindowLimiter({ max: GUEST_BASKETS_PER_HOUR, windowMs: 3_600_000 }, { clock });
  return (ip: string): void => {
    if (!opened.take(ip)) throw new DomainError('Слишком много корзин, попробуйте позже или войдите', 429);
  };
}

/**
 * The basket calls are public in the route table and decide here: a Bearer token is verified as the
 * guard would (401 when wrong, 403 with pending challenges) and, with a guest session beside it, that
 * guest basket merges first; without a token the session names a guest basket; with neither, reading
 * shows an empty basket and a change is 401.
 */
export function basketOwner(services: ContextServices) {
  const admitNew = newBasketLimiter(services.clock);
  return async (request: FastifyRequest, options: { read?: boolean } = {}): Promise<BasketOwner> => {
    const header = request.headers[GUEST_SESSION_HEADER];
    const sessionId = typeof header === 'string' && header ? header : null;
    if (sessionId !== null && !GUEST_SESSION_SHAPE.test(sessionId))
      throw new ValidationError(badSession, { session: [badSession] });
    const token = bearerToken(request);
    if (token) {
      const caller = await services.authenticator.verifyAccessToken(token);
      refusePendingChallenges(caller);
      request.caller = caller;
      if (sessionId) await mergeGuestBasket(services, caller, sessionId);
      return { kind: 'user', caller };
    }
    if (!sessionId) {
      // A visitor with neither has no basket yet: reading it shows an empty one (the header's badge on a
      // public page); changing it needs a session id or a sign-in.
      if (options.read)
        return { kind: 'guest', key: NO_BASKET, admit: () => Promise.reject(new UnauthenticatedError()) };
      throw new UnauthenticatedError();
    }
    const key = guestKey(sessionId);
    return {
      kind: 'guest',
      key,
      async admit() {
        const { state } = await loadGuestBasket(services, key);
        if (state.version < 0) admitNew(request.ip);
      },
    };
  };
}

/** The owner's basket: the user's open order, or the guest's lines. */
export async function ownerBasket(
  services: ContextServices,
  owner: BasketOwner,
): Promise<{ id: string; state: OrderState }> {
  if (owner.kind === 'user') return peekBasket(services, owner.caller);
  return { id: owner.key, state: await peekGuestBasket(services, owner.key) };
}

/** The owner's basket total, the answer of every basket change. */
export async function ownerTotal(services: ContextServices, owner: BasketOwner) {
  const basket = await ownerBasket(services, owner);
  return orderTotalEntity(basket.id, basket.state);
}
