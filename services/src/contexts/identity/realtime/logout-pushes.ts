import { pushMapper, type RealtimeContribution } from '../../../platform/realtime/contribution';

/**
 * A session that ends (logout, a stolen refresh token, expiry) logs its user out everywhere: every
 * socket of that session receives LogoutAction on the user's channel and is closed.
 */
export const identityRealtime: RealtimeContribution = {
  pushes: [
    pushMapper({
      eventTypes: ['SessionEnded'],
      map(event) {
        const data = event.data;
        return [
          {
            channel: `user.${data.userId}`,
            event: 'LogoutAction',
            data: { session_id: data.sessionId, reason: data.reason },
          },
        ];
      },
    }),
  ],
};
