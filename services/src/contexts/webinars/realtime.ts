import { channelName, type Push } from '@sabaq/events';
import type { ContextServices } from '../../platform/context';
import { pushMapper, type RealtimeContribution } from '../../platform/realtime/contribution';
import { roleIn, webinarRow } from './access';

/**
 * `webinar.{id}` carries a webinar's signalling: only its people (access.ts) may subscribe, and only
 * while it is not finished; join, leave and signals travel between the subscribed sockets
 * (platform/realtime, `whisper`). The moderator's end reaches every peer as `webinar-ended`.
 */
export function webinarsRealtime(services: Pick<ContextServices, 'db'>): RealtimeContribution {
  return {
    channels: [
      {
        pattern: 'webinar.{id}',
        async authorize(caller, { id }) {
          const row = id ? await webinarRow(services, id) : undefined;
          if (!row || row.status === 'finished') return false;
          return (await roleIn(services, caller, row)) !== null;
        },
      },
    ],
    pushes: [
      pushMapper({
        eventTypes: ['WebinarEnded'],
        map(event): Push[] {
          const d = event.data;
          return [
            {
              channel: channelName('webinar', d.id),
              event: 'webinar-ended',
              data: { webinar_id: d.id, by: d.by },
            },
          ];
        },
      }),
    ],
  };
}
