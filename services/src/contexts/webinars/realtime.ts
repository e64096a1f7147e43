import { channelName, type Push } from '@sabaq/events';
import type { ContextServices } from '../../platform/context';
import { pushMapper, type RealtimeContribution } from '../../platform/realtime/contribution';
import { roleIn, webinarRow } from './access';
import { sfuConfigFrom, type SfuConfig } from './sfu/config';
import { sfuWhispers } from './sfu/sfu-whispers';

/**
 * `webinar.{id}` carries a webinar's signalling: only its people (access.ts) may subscribe, and only
 * while it is not finished; join, leave and signals travel between the subscribed sockets
 * (platform/realtime, `whisper`). The moderator's end reaches every peer as `webinar-ended`. A webinar
 * on the SFU talks to the server instead (`sfu-*` whispers, sfu/sfu-whispers.ts).
 */
export function webinarsRealtime(
  services: Pick<ContextServices, 'db'>,
  sfuConfig: SfuConfig = sfuConfigFrom(process.env),
): RealtimeContribution & { sfu: ReturnType<typeof sfuWhispers> } {
  const sfu = sfuWhispers(services, sfuConfig);
  return {
    sfu,
    whispers: [sfu.handler],
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
        eventTypes: ['WebinarEnded', 'WebinarDeleted'],
        async map(event): Promise<Push[]> {
          const d = event.data;
          // Every instance sees the event: each closes its own room of the webinar, if it has one.
          await sfu.close(d.id, event.type === 'WebinarEnded' ? 'ended' : 'deleted');
          if (event.type === 'WebinarDeleted') return [];
          return [
            {
              channel: channelName('webinar', d.id),
              event: 'webinar-ended',
              data: { webinar_id: d.id, by: event.data.by },
            },
          ];
        },
      }),
    ],
  };
}
