import { channelName, type Push } from '@sabaq/events';
import { pushMapper, type RealtimeContribution } from '../../platform/realtime/contribution';

/**
 * 000 §7: a notification arrives at once on its recipient's private `user.{id}` channel (every
 * signed-in client listens there; identity owns the channel's rule). The push carries the stored
 * notification: type and parameters, from which the client builds the text.
 */
export function notificationsRealtime(): RealtimeContribution {
  return {
    pushes: [
      pushMapper({
        eventTypes: ['NotificationCreated'],
        map(event): Push[] {
          const d = event.data;
          return [
            {
              channel: channelName('user', d.recipient_id),
              event: 'NotificationCreated',
              data: {
                notification: {
                  id: d.id,
                  owner_id: d.recipient_id,
                  type: d.type,
                  parameters: d.parameters,
                  name: null,
                  description: null,
                  is_read: false,
                  is_received: true,
                  created_at: d.created_at,
                },
              },
            },
          ];
        },
      }),
    ],
  };
}
