import type {
  ChallengeAssignedData,
  ChallengeCompletedData,
  ChallengeType,
  EmailConfirmedData,
  PersonalDataRequestConfirmedData,
  PhoneConfirmedData,
  PrivacyPolicySignedData,
} from '@sabaq/events';

export type AccountEvent =
  | { type: 'ChallengeAssigned'; data: ChallengeAssignedData }
  | { type: 'ChallengeCompleted'; data: ChallengeCompletedData }
  | { type: 'PrivacyPolicySigned'; data: PrivacyPolicySignedData }
  | { type: 'PersonalDataRequestConfirmed'; data: PersonalDataRequestConfirmedData }
  | { type: 'PhoneConfirmed'; data: PhoneConfirmedData }
  | { type: 'EmailConfirmed'; data: EmailConfirmedData };

export type AccountCommand =
  | { type: 'AssignChallenge'; data: ChallengeAssignedData }
  /** A password change completes change_password when it is pending, and is fine when it is not. */
  | { type: 'CompleteChallenge'; userId: string; challenge: ChallengeType; at: string }
  | { type: 'SignPrivacyPolicy'; data: PrivacyPolicySignedData }
  | { type: 'ConfirmPersonalDataRequest'; data: PersonalDataRequestConfirmedData }
  | { type: 'ConfirmPhone'; data: PhoneConfirmedData }
  | { type: 'ConfirmEmail'; data: EmailConfirmedData };

// A type, not an interface: the response schema's loose object needs an index signature to fit.
export type Challenge = {
  id: string;
  challenge: ChallengeType;
  is_completed: boolean;
  created_at: string;
  updated_at: string;
};

export interface AccountState {
  challenges: Challenge[];
  confirmedPhone: string | null;
  confirmedEmail: string | null;
}

export const accountStream = (userId: string) => `account-${userId}`;

/** The order the web client's modal walks them in. */
const ORDER: readonly ChallengeType[] = ['change_password', 'sign_privacy_policy', 'request_personal_data'];

export function pendingChallenges(state: AccountState): ChallengeType[] {
  const pending = new Set(state.challenges.filter((c) => !c.is_completed).map((c) => c.challenge));
  return ORDER.filter((c) => pending.has(c));
}

function complete(state: AccountState, userId: string, challenge: ChallengeType, at: string): AccountEvent[] {
  const open = state.challenges.find((c) => c.challenge === challenge && !c.is_completed);
  if (!open) return [];
  return [{ type: 'ChallengeCompleted', data: { challengeId: open.id, userId, challenge, completedAt: at } }];
}

export const accountDecider = {
  initialState: { challenges: [], confirmedPhone: null, confirmedEmail: null } as AccountState,
  decide(command: AccountCommand, state: AccountState): AccountEvent[] {
    switch (command.type) {
      case 'AssignChallenge':
        // The same assignment again (a second demo start) changes nothing, even once completed.
        if (state.challenges.some((c) => c.id === command.data.challengeId)) return [];
        // One pending challenge of a kind is enough: asking twice does not make the user do it twice.
        if (pendingChallenges(state).includes(command.data.challenge)) return [];
        return [{ type: 'ChallengeAssigned', data: command.data }];
      case 'CompleteChallenge':
        return complete(state, command.userId, command.challenge, command.at);
      case 'SignPrivacyPolicy':
        return [
          { type: 'PrivacyPolicySigned', data: command.data },
          ...complete(state, command.data.userId, 'sign_privacy_policy', command.data.signedAt),
        ];
      case 'ConfirmPersonalDataRequest':
        return [
          { type: 'PersonalDataRequestConfirmed', data: command.data },
          ...complete(state, command.data.userId, 'request_personal_data', command.data.confirmedAt),
        ];
      case 'ConfirmPhone':
        return state.confirmedPhone === command.data.phone
          ? []
          : [{ type: 'PhoneConfirmed', data: command.data }];
      case 'ConfirmEmail':
        return state.confirmedEmail === command.data.email
          ? []
          : [{ type: 'EmailConfirmed', data: command.data }];
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
  evolve(state: AccountState, event: AccountEvent): AccountState {
    switch (event.type) {
      case 'ChallengeAssigned': {
        const at = event.data.assignedAt;
        const added: Challenge = {
          id: event.data.challengeId,
          challenge: event.data.challenge,
          is_completed: false,
          created_at: at,
          updated_at: at,
        };
        return { ...state, challenges: [...state.challenges, added] };
      }
      case 'ChallengeCompleted':
        return {
          ...state,
          challenges: state.challenges.map((c) =>
            c.id === event.data.challengeId
              ? { ...c, is_completed: true, updated_at: event.data.completedAt }
              : c,
          ),
        };
      case 'PrivacyPolicySigned':
      case 'PersonalDataRequestConfirmed':
        return state;
      case 'PhoneConfirmed':
        return { ...state, confirmedPhone: event.data.phone };
      case 'EmailConfirmed':
        return { ...state, confirmedEmail: event.data.email };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};
