import type { ContextServices, MediaGrant } from '../../platform/context';
import { withTables } from '../../platform/read-models/database';
import { CHAT_TABLES, jsonList, type ChatTables } from './read-model/tables';

/**
 * A chat shows its messages' attachments to its readers: a participant of an open chat may open a
 * library file attached to a message they can see (not deleted; a personal line only for its two
 * people). The media library asks this beside its own rule (ContextServices.mediaGrants), so it reads
 * nothing of the chat's tables itself. Anyone else — another class, another school — gets no right here.
 */
export function chatMediaGrant(services: Pick<ContextServices, 'db'>): MediaGrant {
  return {
    async mayRead(caller, mediaId) {
      if (caller.schoolId === null) return false;
      const found = await withTables<ChatTables>(services.db)
        .selectFrom(`${CHAT_TABLES.messages} as m`)
        .innerJoin(`${CHAT_TABLES.chats} as c`, 'c.id', 'm.chat_id')
        .select('m.id')
        .where('m.media_id', '=', mediaId)
        .where('m.deleted', '=', false)
        .where('c.closed', '=', false)
        .where('c.school_id', '=', caller.schoolId)
        .where('c.participants', '@>', jsonList([caller.userId]))
        .where((eb) =>
          eb.or([
            eb('m.recipient_id', 'is', null),
            eb('m.recipient_id', '=', caller.userId),
            eb('m.user_id', '=', caller.userId),
          ]),
        )
        .limit(1)
        .executeTakeFirst();
      return found !== undefined;
    },
  };
}
