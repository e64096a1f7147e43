import { api } from '../../shared/api';

/** 001 §3 challenge types, in the order the modal walks them (001 §4). */
export const CHALLENGE_ORDER = ['change_password', 'sign_privacy_policy', 'request_personal_data'] as const;
export type ChallengeType = (typeof CHALLENGE_ORDER)[number];

export interface UserChallenge {
  id: string;
  challenge: ChallengeType | string;
  is_completed: boolean;
  created_at?: string;
  updated_at?: string;
}

export const CHALLENGES_QUERY_KEY = ['session', 'challenges'] as const;

/** The pending ones, in the modal's order, whatever order the answer had. */
export async function fetchPendingChallenges(signal?: AbortSignal): Promise<UserChallenge[]> {
  const { entities } = await api.get<{ entities: UserChallenge[] }>('/api/user/challenges', { signal });
  const rank = (c: UserChallenge) => {
    const index = CHALLENGE_ORDER.indexOf(c.challenge as ChallengeType);
    return index === -1 ? CHALLENGE_ORDER.length : index;
  };
  return entities.filter((c) => !c.is_completed).sort((a, b) => rank(a) - rank(b));
}

export const challengeApi = {
  /** Completes change_password (and ends the user's other sessions). */
  changePassword: (new_password: string, new_password_confirmation: string) =>
    api.post<{ message: string }>('/api/password/change.json', { new_password, new_password_confirmation }),
  /** document: the policy text shown; signature: base64 of the signing application's signed XML. */
  signPrivacyPolicy: (document: string, signature: string) =>
    api.post('/api/user/challenge/sign-privacy-policy', { document, signature }),
  createPersonalDataRequest: (phone: string) =>
    api.post<{ session_id: string }>('/api/edoc/create-request-personal-data', { phone }),
  verifyPersonalDataRequest: (otp_code: string, session_id: string) =>
    api.post('/api/edoc/verify-request-personal-data', { otp_code, session_id }),
  completePersonalDataRequest: (session_id: string) =>
    api.post('/api/user/challenge/request-personal-data', { session_id }),
};
