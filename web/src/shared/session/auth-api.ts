import { api, ApiError } from '../api';
import type { TokenAnswer, User } from './types';

/** The password grant's client id (001 §9). */
export const PASSWORD_CLIENT_ID = '2';

/** POST /oauth/token as a form (001 §7), scope '*' by default. */
export function requestPasswordToken(username: string, password: string): Promise<TokenAnswer> {
  const form = new URLSearchParams({
    grant_type: 'password',
    client_id: PASSWORD_CLIENT_ID,
    scope: '*',
    username,
    password,
  });
  return api.post<TokenAnswer>('/oauth/token', form, { anonymous: true });
}

export function requestRefreshedToken(refreshToken: string): Promise<TokenAnswer> {
  const form = new URLSearchParams({
    grant_type: 'refresh_token',
    client_id: PASSWORD_CLIENT_ID,
    scope: '*',
    refresh_token: refreshToken,
  });
  return api.post<TokenAnswer>('/oauth/token', form, { anonymous: true });
}

export async function fetchUser(signal?: AbortSignal): Promise<User> {
  const answer = await api.get<{ entity?: User }>('/api/user.json', { query: { extended: 1 }, signal });
  // 'No data in fetch response' (000 §8): an empty single fetch is an error, not a signed-out user.
  if (!answer?.entity) throw new ApiError('http', 'No data in fetch response', 200);
  return answer.entity;
}

/** POST /oauth/logout; failures are ignored (001 §7): the local sign-out happens anyway. */
export async function revokeSession(accessToken: string): Promise<void> {
  await api
    .post('/oauth/logout', undefined, {
      anonymous: true,
      headers: { Authorization: `Bearer ${accessToken}` },
    })
    .catch(() => undefined);
}
