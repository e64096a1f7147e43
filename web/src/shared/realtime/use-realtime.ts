import { useEffect } from 'react';
import { api } from '../api';
import { endLocalSession, refreshSession, useSession } from '../session';
import { RealtimeClient, realtimeUrl } from './realtime-client';
import { useRealtimeConnection } from './realtime-connection';
import { useNotificationFeed } from './notification-feed';

/**
 * Keeps one realtime connection while signed in, shared by every screen (useChannel). A LogoutAction
 * (a logout elsewhere, a password change, a deactivation) signs this browser out and goes to the root.
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
      authorize: async (socketId, channel) =>
        (
          await api.post<{ auth: string }>('/broadcasting/auth', {
            socket_id: socketId,
            channel_name: channel,
          })
        ).auth,
    });
    const off = client.on('NotificationCreated', ({ notification }) =>
      useNotificationFeed.getState().add(notification),
    );
    client.start();
    useRealtimeConnection.setState({ client });
    return () => {
      off();
      client.stop();
      if (useRealtimeConnection.getState().client === client)
        useRealtimeConnection.setState({ client: null });
    };
  }, [enabled, hasToken]);
}
