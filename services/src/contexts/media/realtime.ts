import { categoryOf, channelName, type Push, type StoredEvent } from '@sabaq/events';
import type { ContextServices } from '../../platform/context';
import type { RealtimeContribution } from '../../platform/realtime/contribution';
import { playPath } from './read-model/entities';
import { TABLES } from './read-model/tables';
import { mayReadMedia, mayReadRecording } from './visibility';

const dataOf = (event: StoredEvent) => event.data as { id: string; attempt: number; percent?: number };

/**
 * transcoder.{mediaId}: the progress and the end of a conversion, for whoever may see the recording or
 * the media item (`mediaId` is the session's or the item's id). `finished` carries the API path of the
 * playlist; the client reloads the entity for its signed URL (specification 001 §4: a finished event
 * reloads the media).
 */
export function mediaRealtime(services: Pick<ContextServices, 'db'>): RealtimeContribution {
  const finished = (event: StoredEvent, ok: boolean): Push[] => {
    const { id } = dataOf(event);
    const session = categoryOf(event.streamId) === 'webinar_session';
    return [
      {
        channel: channelName('transcoder', id),
        event: 'finished',
        data: {
          media_id: id,
          status: ok ? 'ready' : 'failed',
          src: ok && !session ? playPath('media', id) : null,
        },
      },
    ];
  };
  return {
    channels: [
      {
        pattern: 'transcoder.{id}',
        async authorize(caller, { id }) {
          if (!id) return false;
          const session = await services.db
            .selectFrom(TABLES.sessions)
            .selectAll()
            .where('id', '=', id)
            .executeTakeFirst();
          if (session) return mayReadRecording(services.db, caller, session);
          const item = await services.db
            .selectFrom(TABLES.items)
            .selectAll()
            .where('id', '=', id)
            .executeTakeFirst();
          return item ? mayReadMedia(caller, item) : false;
        },
      },
    ],
    pushes: [
      {
        eventTypes: ['TranscodeProgressed'],
        map: (event) => [
          {
            channel: channelName('transcoder', dataOf(event).id),
            event: 'progress',
            data: { media_id: dataOf(event).id, percent: dataOf(event).percent ?? 0 },
          },
        ],
      },
      { eventTypes: ['TranscodeSucceeded'], map: (event) => finished(event, true) },
      { eventTypes: ['TranscodeFailed'], map: (event) => finished(event, false) },
    ],
  };
}
