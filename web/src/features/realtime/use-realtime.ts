import { useEffect } from 'react';
import { endLocalSession, refreshSession, useSession } from '../session';
import { RealtimeClient, realtimeUrl } from './realtime-client';
import { useNotificationFeed } from './notification-feed';

/**
 * Keeps one realtime connection while signed in. A LogoutAction (a logout elsewhere, a password change,
 * a deactivation) signs this browser out and goes to the root.
 */
export function useRealtime(enabled: boolean): void {
  const wsToken = useSession((s) => s.wsToken);
  const hasToken = wsToken !== null;
  useEffect(() => {
    if (!enabled || !hasToken) return;
    const client = new RealtimeClient({
      url: realtimeUrl(window.location),
      wsToken: () => useSession.getState().wsToken,
      onLoggedOut: () => {
        endLocalSession();
        window.location.assign('/');
      },
      renewTokens: () => refreshSession(useSession.getState().accessToken ?? ''),
    });
    const off = client.on('NotificationCreated', ({ notification }) =>
      useNotificationFeed.getState().add(notification),
    );
    client.start();
    return () => {
      off();
      client.stop();
    };
  }, [enabled, hasToken]);
}
