import type {
  InviteCodeCreatedData,
  InviteCodeDeletedData,
  InviteCodeUpdatedData,
  InviteCodeUseReleasedData,
  InviteCodeUsedData,
} from '@sabaq/events';
import { DomainError, NotFoundError } from '../../../platform/errors';
import { InviteCodeError } from './errors';

export type InviteEvent =
  | { type: 'InviteCodeCreated'; data: InviteCodeCreatedData }
  | { type: 'InviteCodeUpdated'; data: InviteCodeUpdatedData }
  | { type: 'InviteCodeDeleted'; data: InviteCodeDeletedData }
  | { type: 'InviteCodeUsed'; data: InviteCodeUsedData }
  | { type: 'InviteCodeUseReleased'; data: InviteCodeUseReleasedData };

export type InviteCommand =
  | { type: 'Create'; data: InviteCodeCreatedData }
  | { type: 'Update'; changes: InviteCodeUpdatedData['changes'] }
  | { type: 'Delete' }
  /** Take one use for this user; taking it again for the same user changes nothing. */
  | {
      type: 'Use';
      userId: string;
      purpose: InviteCodeUsedData['purpose'];
      /** The user's e-mail (lower case) and phone (digits), to activate matching personal recipients. */
      contacts: string[];
      at: string;
    }
  /** Give a use back (the registration it was taken for failed). */
  | { type: 'Release'; userId: string; at: string };

export type Invite = InviteCodeCreatedData;

export type InviteState =
  { status: 'absent' } | { status: 'live' | 'deleted'; invite: Invite; users: readonly string[] };

/**
 * Why this invite cannot be used at `at`, or null when it can. Also what registration's validation
 * asks, so the form and the submit refuse a code for the same reasons.
 */
export function refusalOf(state: InviteState, at: string) {
  if (state.status !== 'live') return 'unknown' as const;
  const { invite, users } = state;
  if (invite.is_revoked) return 'revoked' as const;
  if (invite.expired_at !== null && at >= new Date(invite.expired_at).toISOString())
    return 'expired' as const;
  if (invite.limits > 0 && users.length >= invite.limits) return 'usedUp' as const;
  return null;
}

function changedFields(invite: Invite, changes: InviteCodeUpdatedData['changes']) {
  return Object.fromEntries(
    Object.entries(changes).filter(
      ([key, value]) =>
        value !== undefined && JSON.stringify(invite[key as keyof Invite]) !== JSON.stringify(value),
    ),
  ) as InviteCodeUpdatedData['changes'];
}

export const inviteDecider = {
  initialState: { status: 'absent' } as InviteState,
  decide(command: InviteCommand, state: InviteState): InviteEvent[] {
    switch (command.type) {
      case 'Create':
        if (state.status !== 'absent') throw new DomainError('Приглашение уже существует', 409);
        return [{ type: 'InviteCodeCreated', data: command.data }];
      case 'Update': {
        if (state.status !== 'live') throw new NotFoundError('Приглашение не найдено');
        const changes = changedFields(state.invite, command.changes);
        // A form saved unchanged appends nothing: no conflict, no growth.
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'InviteCodeUpdated', data: { id: state.invite.id, changes } }];
      }
      case 'Delete':
        if (state.status !== 'live') throw new NotFoundError('Приглашение не найдено');
        return [{ type: 'InviteCodeDeleted', data: { id: state.invite.id } }];
      case 'Use': {
        // Someone who already used it (joining the school twice) is simply in: no second use is counted,
        // even once the invite was revoked or used up since.
        if (state.status === 'live' && state.users.includes(command.userId)) return [];
        const refusal = refusalOf(state, command.at);
        if (refusal || state.status !== 'live') throw new InviteCodeError(refusal ?? 'unknown');
        return [
          {
            type: 'InviteCodeUsed',
            data: {
              inviteCodeId: state.invite.id,
              userId: command.userId,
              purpose: command.purpose,
              contacts: command.contacts,
              usedAt: command.at,
            },
          },
        ];
      }
      case 'Release':
        if (state.status === 'absent' || !state.users.includes(command.userId)) return [];
        return [
          {
            type: 'InviteCodeUseReleased',
            data: { inviteCodeId: state.invite.id, userId: command.userId, releasedAt: command.at },
          },
        ];
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
  evolve(state: InviteState, event: InviteEvent): InviteState {
    switch (event.type) {
      case 'InviteCodeCreated':
        return { status: 'live', invite: event.data, users: [] };
      case 'InviteCodeUpdated':
        if (state.status === 'absent') return state;
        return { ...state, invite: { ...state.invite, ...definedOnly(event.data.changes) } };
      case 'InviteCodeDeleted':
        if (state.status === 'absent') return state;
        return { ...state, status: 'deleted' };
      case 'InviteCodeUsed':
        if (state.status === 'absent') return state;
        return { ...state, users: [...state.users, event.data.userId] };
      case 'InviteCodeUseReleased':
        if (state.status === 'absent') return state;
        return { ...state, users: state.users.filter((u) => u !== event.data.userId) };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};

function definedOnly<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<T>;
}
