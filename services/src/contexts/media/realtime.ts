import { categoryOf, channelName, type EventOf, type Push } from '@sabaq/events';
import type { ContextServices } from '../../platform/context';
import { pushMapper, type RealtimeContribution } from '../../platform/realtime/contribution';
import { playPath } from './read-model/entities';
import { TABLES, type MediaTables } from './read-model/tables';
import { mayReadMedia, mayReadRecording } from './visibility';
import { withTables } from '../../platform/read-models/database';

/**
 * transcoder.{mediaId}: the progress and the end of a conversion, for whoever may see the recording or
 * the media item (`mediaId` is the session's or the item's id). `finished` carries the API path of the
 * playlist; the client reloads the entity for its signed URL (specification 001 §4: a finished event
 * reloads the media).
 */
export function mediaRealtime(services: Pick<ContextServices, 'db'>): RealtimeContribution {
  const finished = (event: EventOf<'TranscodeSucceeded' | 'TranscodeFailed'>, ok: boolean): Push[] => {
    const { id } = event.data;
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
          const session = await withTables<MediaTables>(services.db)
            .selectFrom(TABLES.sessions)
            .selectAll()
            .where('id', '=', id)
            .executeTakeFirst();
          if (session) return mayReadRecording(services.db, caller, session);
          const item = await withTables<MediaTables>(services.db)
            .selectFrom(TABLES.items)
            .selectAll()
            .where('id', '=', id)
            .executeTakeFirst();
          return item ? mayReadMedia(caller, item) : false;
        },
      },
    ],
    pushes: [
      pushMapper({
        eventTypes: ['TranscodeProgressed'],
        map: (event) => [
          {
            channel: channelName('transcoder', event.data.id),
            event: 'progress',
            data: { media_id: event.data.id, percent: event.data.percent },
          },
        ],
      }),
      pushMapper({ eventTypes: ['TranscodeSucceeded'], map: (event) => finished(event, true) }),
      pushMapper({ eventTypes: ['TranscodeFailed'], map: (event) => finished(event, false) }),
    ],
  };
}
