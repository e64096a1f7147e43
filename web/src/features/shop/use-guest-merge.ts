import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '../../shared/session';
import { basketKeys, mergeGuestBasket } from './basket-api';
import { forgetGuestSession, guestSession } from './guest-session';

/**
 * Once signed in (after a sign-in or a registration), a guest basket this browser kept merges into
 * the user's basket and its session id is forgotten. The server merges once however often it is asked,
 * so a second tab or a retry adds nothing.
 */
export function useGuestBasketMerge(): void {
  const queryClient = useQueryClient();
  const signedIn = useSession((s) => s.accessToken !== null);
  useEffect(() => {
    const sessionId = guestSession();
    if (!signedIn || !sessionId) return;
    mergeGuestBasket(sessionId)
      .then(() => {
        forgetGuestSession();
        return queryClient.invalidateQueries({ queryKey: basketKeys.all });
      })
      // Not merged now (no school chosen yet, offline): the next signed-in page asks again.
      .catch(() => undefined);
  }, [signedIn, queryClient]);
}
