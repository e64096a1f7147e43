import type { Decider } from '../../platform/commands/decider';
import { NotFoundError, ValidationError } from '../../platform/errors';
import { holdLive } from './holds';

/** An order's claim on a promo code: held when its payment starts, used when it is paid. */
export interface PromoUse {
  userId: string;
  at: string;
  used: boolean;
}

/** A promo code's stream folded: its limits (from its record events) and the orders holding a use. */
export interface PromoState {
  exists: boolean;
  deleted: boolean;
  maxUses: number | null;
  maxUsesPerUser: number | null;
  expiresAt: string | null;
  /** order id → its claim, for every use held or taken and not given back. */
  uses: Record<string, PromoUse>;
  /** Orders refunded after taking a use: a replayed `Use` for them takes nothing again. */
  refunded: string[];
}

export const initialPromoState: PromoState = {
  exists: false,
  deleted: false,
  maxUses: null,
  maxUsesPerUser: null,
  expiresAt: null,
  uses: {},
  refunded: [],
};

type PromoEvent = { type: string; data: Record<string, unknown> };
/**
 * `Check` (attach) decides nothing and only refuses a code with no use left for this order; `Reserve`
 * (the payment starts) holds a use for HOLD_MINUTES; `Use` (the order is paid) takes it for good, even
 * past the limit: the buyer has paid the discounted amount; `Release` gives a hold back; `GiveBack`
 * (the order is refunded) gives back the use even when taken, so it no longer counts in all or per user.
 */
export type PromoCommand =
  | { type: 'Check' | 'Reserve'; promoId: string; orderId: string; userId: string; at: string }
  | { type: 'Use'; promoId: string; orderId: string; userId: string; at: string }
  | { type: 'Release' | 'GiveBack'; promoId: string; orderId: string; at: string };

type Limits = { max_uses?: number | null; max_uses_per_user?: number | null; expires_at?: string | null };

function withLimits(state: PromoState, limits: Limits): PromoState {
  return {
    ...state,
    ...(limits.max_uses !== undefined ? { maxUses: limits.max_uses } : {}),
    ...(limits.max_uses_per_user !== undefined ? { maxUsesPerUser: limits.max_uses_per_user } : {}),
    ...(limits.expires_at !== undefined ? { expiresAt: limits.expires_at } : {}),
  };
}

export function evolvePromo(state: PromoState, event: PromoEvent): PromoState {
  const d = event.data;
  const orderId = d.order_id as string;
  switch (event.type) {
    case 'PromoCodeCreated':
      return withLimits({ ...state, exists: true }, d as Limits);
    case 'PromoCodeUpdated':
      return withLimits(state, d.changes as Limits);
    case 'PromoCodeDeleted':
      return { ...state, deleted: true };
    case 'PromoCodeReserved':
      return {
        ...state,
        uses: { ...state.uses, [orderId]: { userId: d.user_id as string, at: d.at as string, used: false } },
      };
    case 'PromoCodeUsed':
      return {
        ...state,
        uses: { ...state.uses, [orderId]: { userId: d.user_id as string, at: d.at as string, used: true } },
      };
    case 'PromoCodeReleased': {
      const uses = { ...state.uses };
      delete uses[orderId];
      const refunded = d.reason === 'refund' ? [...state.refunded, orderId] : state.refunded;
      return { ...state, uses, refunded };
    }
    default:
      return state;
  }
}

const exhausted = () =>
  new ValidationError('Промокод больше не действует', { promocode: ['Промокод больше не действует'] });

/** The claims that count at `now`: uses taken, and holds not yet expired. */
export const countingUses = (state: PromoState, now: string): [string, PromoUse][] =>
  Object.entries(state.uses).filter(([, use]) => use.used || holdLive(use.at, now));

/**
 * Holding a use is decided on the promo code's stream and appended at the version decided against, so
 * two orders racing for the last use cannot both get it: the loser decides again and finds none left.
 */
export function decidePromo(command: PromoCommand, state: PromoState): PromoEvent[] {
  if (!state.exists || state.deleted) throw new NotFoundError('Промокод не найден');
  const mine = state.uses[command.orderId];
  const data = { id: command.promoId, order_id: command.orderId, at: command.at };
  switch (command.type) {
    case 'Release':
      return mine && !mine.used ? [{ type: 'PromoCodeReleased', data }] : [];
    case 'GiveBack':
      return mine ? [{ type: 'PromoCodeReleased', data: { ...data, reason: 'refund' } }] : [];
    case 'Use':
      return mine?.used || state.refunded.includes(command.orderId)
        ? []
        : [{ type: 'PromoCodeUsed', data: { ...data, user_id: command.userId } }];
    case 'Check':
    case 'Reserve': {
      if (mine && (mine.used || holdLive(mine.at, command.at))) return [];
      if (state.expiresAt !== null && Date.parse(state.expiresAt) <= Date.parse(command.at))
        throw exhausted();
      const others = countingUses(state, command.at).filter(([order]) => order !== command.orderId);
      if (state.maxUses !== null && others.length >= state.maxUses) throw exhausted();
      if (
        state.maxUsesPerUser !== null &&
        others.filter(([, use]) => use.userId === command.userId).length >= state.maxUsesPerUser
      )
        throw exhausted();
      if (command.type === 'Check') return [];
      return [{ type: 'PromoCodeReserved', data: { ...data, user_id: command.userId } }];
    }
  }
}

export const promoDecider: Decider<PromoCommand, PromoEvent, PromoState> = {
  initialState: initialPromoState,
  evolve: evolvePromo,
  decide: decidePromo,
};
