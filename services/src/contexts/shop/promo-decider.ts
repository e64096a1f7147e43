import type { Decider } from '../../platform/commands/decider';
import { NotFoundError, ValidationError } from '../../platform/errors';

/** A promo code's stream folded: its limits (from its record events) and the orders holding a use. */
export interface PromoState {
  exists: boolean;
  deleted: boolean;
  maxUses: number | null;
  maxUsesPerUser: number | null;
  expiresAt: string | null;
  /** order id → user id of every use taken and not given back. */
  uses: Record<string, string>;
}

export const initialPromoState: PromoState = {
  exists: false,
  deleted: false,
  maxUses: null,
  maxUsesPerUser: null,
  expiresAt: null,
  uses: {},
};

type PromoEvent = { type: string; data: Record<string, unknown> };
export type PromoCommand =
  | { type: 'Reserve'; promoId: string; orderId: string; userId: string; at: string }
  | { type: 'Release'; promoId: string; orderId: string; at: string };

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
  switch (event.type) {
    case 'PromoCodeCreated':
      return withLimits({ ...state, exists: true }, d as Limits);
    case 'PromoCodeUpdated':
      return withLimits(state, d.changes as Limits);
    case 'PromoCodeDeleted':
      return { ...state, deleted: true };
    case 'PromoCodeReserved':
      return { ...state, uses: { ...state.uses, [d.order_id as string]: d.user_id as string } };
    case 'PromoCodeReleased': {
      const uses = { ...state.uses };
      delete uses[d.order_id as string];
      return { ...state, uses };
    }
    default:
      return state;
  }
}

const exhausted = () =>
  new ValidationError('Промокод больше не действует', { promocode: ['Промокод больше не действует'] });

/**
 * Taking a use is decided on the promo code's stream and appended at the version decided against, so
 * two orders racing for the last use cannot both get it: the loser decides again and finds none left.
 */
export function decidePromo(command: PromoCommand, state: PromoState): PromoEvent[] {
  if (!state.exists || state.deleted) throw new NotFoundError('Промокод не найден');
  if (command.type === 'Release') {
    if (!(command.orderId in state.uses)) return [];
    return [
      { type: 'PromoCodeReleased', data: { id: command.promoId, order_id: command.orderId, at: command.at } },
    ];
  }
  if (command.orderId in state.uses) return [];
  if (state.expiresAt !== null && Date.parse(state.expiresAt) <= Date.parse(command.at)) throw exhausted();
  const holders = Object.values(state.uses);
  if (state.maxUses !== null && holders.length >= state.maxUses) throw exhausted();
  if (
    state.maxUsesPerUser !== null &&
    holders.filter((u) => u === command.userId).length >= state.maxUsesPerUser
  )
    throw exhausted();
  return [
    {
      type: 'PromoCodeReserved',
      data: { id: command.promoId, order_id: command.orderId, user_id: command.userId, at: command.at },
    },
  ];
}

export const promoDecider: Decider<PromoCommand, PromoEvent, PromoState> = {
  initialState: initialPromoState,
  evolve: evolvePromo,
  decide: decidePromo,
};
