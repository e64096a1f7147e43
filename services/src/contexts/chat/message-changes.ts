import { channelName, type EventOf, type Push, type ServerEventMap } from '@sabaq/events';
import type { ContextServices } from '../../platform/context';
import { withTables } from '../../platform/read-models/database';
import type { ChatState } from './decider';
import { mediaOf, messageEntity, peopleOf, type MessageFacts } from './entities';
import { CHAT_TABLES, type ChatTables } from './read-model/tables';

type Change = EventOf<'ChatMessageEdited' | 'ChatMessageDeleted'>;

/**
 * The pushes of an edit or a deletion, so every open window shows it without reading the page again.
 * The frame carries the message as `GET /api/chat-messages` answers it: the read model's row (it exists,
 * as the edit or deletion was decided on it) with this event's change laid over it, since the push may
 * run before the read model applies the event. A group message's change goes to the chat's channel
 * (`edit-message` / `delete-message`); a personal line's only to its author's and its recipient's own
 * channels (`ChatMessageEdited` / `ChatMessageDeleted`), as the line itself was.
 */
export async function messageChangePushes(
  services: Pick<ContextServices, 'db'>,
  event: Change,
  state: ChatState,
): Promise<Push[]> {
  if (state.status !== 'open') return [];
  const facts = state.messages[event.data.id];
  if (!facts || facts.isService) return [];
  const row = await withTables<ChatTables>(services.db)
    .selectFrom(CHAT_TABLES.messages)
    .selectAll()
    .where('id', '=', event.data.id)
    .executeTakeFirst();
  if (!row) return [];
  const changed: MessageFacts =
    event.type === 'ChatMessageEdited'
      ? { ...row, message: event.data.message, edited_at: event.data.at }
      : { ...row, deleted: true };
  const people = await peopleOf(services, [row.user_id]);
  const media = await mediaOf(services, typeof row.media_id === 'string' ? [row.media_id] : []);
  const data = {
    message: messageEntity(changed, people, media) as ServerEventMap['edit-message']['message'],
  };
  if (facts.recipientId === null) {
    return [
      event.type === 'ChatMessageEdited'
        ? { channel: channelName('chat', event.data.chat_id), event: 'edit-message', data }
        : { channel: channelName('chat', event.data.chat_id), event: 'delete-message', data },
    ];
  }
  return [facts.userId, facts.recipientId].map((userId) =>
    event.type === 'ChatMessageEdited'
      ? { channel: channelName('user', userId), event: 'ChatMessageEdited', data }
      : { channel: channelName('user', userId), event: 'ChatMessageDeleted', data },
  );
}
