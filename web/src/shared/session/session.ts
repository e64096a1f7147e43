import { queryOptions } from '@tanstack/react-query';
import { queryClient } from '../api/query-client';
import { ApiError, isApiError, setAuthHooks } from '../api';
import { fetchUser, requestRefreshedToken, revokeSession } from './auth-api';
import { useSession } from './session-store';
import type { User } from './types';

export const USER_QUERY_KEY = ['session', 'user'] as const;

export const userQuery = queryOptions({
  queryKey: USER_QUERY_KEY,
  queryFn: ({ signal }) => fetchUser(signal),
  staleTime: 60_000,
  // A 401 here means signed out, which the guards handle; it is not an error to toast.
  meta: { errorToast: false },
  retry: (failures, error) => isApiError(error) && error.isUnanswered && failures < 2,
});

/**
 * The signed-in user, or null when signed out or the session is no longer valid (the tokens are then
 * dropped). Other failures (no answer) are thrown: the page shows the error rather than a sign-in form.
 */
export async function currentUser(): Promise<User | null> {
  if (!useSession.getState().accessToken) return null;
  try {
    return await queryClient.ensureQueryData(userQuery);
  } catch (error) {
    if (error instanceof ApiError && error.httpStatus === 401) {
      endLocalSession();
      return null;
    }
    throw error;
  }
}

let refreshing: Promise<boolean> | null = null;

/**
 * Renews the access token with the refresh token, once for all the requests that failed together
 * (refresh tokens rotate: presenting one twice would end the session).
 */
export function refreshSession(rejected: string): Promise<boolean> {
  const { accessToken, refreshToken } = useSession.getState();
  // Another request already renewed it while this one was in flight.
  if (accessToken && accessToken !== rejected) return Promise.resolve(true);
  if (!refreshToken) {
    endLocalSession();
    return Promise.resolve(false);
  }
  refreshing ??= requestRefreshedToken(refreshToken)
    .then((answer) => {
      useSession.getState().signIn(answer);
      return true;
    })
    .catch((error: unknown) => {
      // No answer: keep the tokens for the next try. Refused: the session is over.
      if (!(isApiError(error) && error.isUnanswered)) endLocalSession();
      return false;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** Forgets the session in this browser: tokens and every cached answer that belonged to the user. */
export function endLocalSession(): void {
  useSession.getState().signOut();
  queryClient.clear();
}

/** Signs out on the server (failures ignored) and here. */
export async function logout(): Promise<void> {
  const { accessToken } = useSession.getState();
  if (accessToken) await revokeSession(accessToken);
  endLocalSession();
}

export function installSessionHooks(): void {
  setAuthHooks({ token: () => useSession.getState().accessToken, refresh: refreshSession });
}

// On import: the router's first loaders already call the API signed in, before anything renders.
installSessionHooks();
