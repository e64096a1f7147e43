import { channelName, type ChatMessagePostedData, type Push } from '@sabaq/events';
import type { ContextServices } from '../../platform/context';
import { pushMapper, type RealtimeContribution } from '../../platform/realtime/contribution';
import { participantChat } from './access';
import { chatDecider, type ChatEvent, type ChatState } from './decider';
import { peopleOf } from './entities';
import { chatStream } from './ids';
import { messageChangePushes } from './message-changes';
import { rememberPresence } from './presence';

/** How many chats' states the feed keeps between messages; the least recently pushed is dropped first. */
const CACHED_CHATS = 5000;

/**
 * The chat as it stood when the message was posted: its people then, not as the read model has them
 * later. The feed meets a chat's events in order, so each chat's state is kept and only the events since
 * are read (a busy chat's stream is not read whole for every message); a position behind the kept one
 * (never in order) reads from the start.
 */
function chatStates(services: Pick<ContextServices, 'store'>) {
  const kept = new Map<string, { version: number; state: ChatState }>();
  return async (event: { data: { chat_id: string }; streamPosition: number }): Promise<ChatState> => {
    const chatId = event.data.chat_id;
    const at = event.streamPosition;
    const known = kept.get(chatId);
    let { version, state } =
      known && known.version <= at ? known : { version: -1, state: chatDecider.initialState };
    if (version < at) {
      const events = await services.store.readStream(chatStream(chatId), {
        fromVersion: version + 1,
        maxCount: at - version,
      });
      for (const e of events) state = chatDecider.evolve(state, e as unknown as ChatEvent);
      version = events.at(-1)?.streamPosition ?? version;
    }
    kept.delete(chatId);
    kept.set(chatId, { version, state });
    if (kept.size > CACHED_CHATS) kept.delete(kept.keys().next().value!);
    return state;
  };
}

const dto = (d: ChatMessagePostedData) => ({ ...d, is_deleted: false, edited_at: null });

/**
 * `chat.{id}`: only the chat's participants may subscribe (access.ts). A posted message goes to the chat's
 * channel as `post-message` (a personal line inside a group does not: it goes to its two people only),
 * and as `ChatMessagePosted` to each other participant's own `user.{id}` channel, for the header's
 * badge and toast. An edit or a deletion of a message goes to the chat's channel as `edit-message` /
 * `delete-message`, or for a personal line to its two people's own channels (message-changes.ts).
 * Pushes are live only; a reconnecting client asks for what it missed (docs/chat.md).
 */
export function chatRealtime(services: Pick<ContextServices, 'db' | 'store'>): RealtimeContribution {
  const chatAt = chatStates(services);
  return {
    presence: (view) => rememberPresence(services, view),
    channels: [
      {
        pattern: 'chat.{id}',
        async authorize(caller, { id }) {
          return id ? (await participantChat(services, caller, id)) !== null : false;
        },
      },
    ],
    pushes: [
      pushMapper({
        eventTypes: ['ChatMessagePosted'],
        async map(event): Promise<Push[]> {
          const d = event.data;
          const state = await chatAt(event);
          if (state.status !== 'open') return [];
          const message = dto(d);
          // A "joined" or "left" line shows in the open chat windows at once; it is nobody's news, so
          // no one's own channel (the toasts, the unread counts) hears of it. It names its person as the
          // message page does: an open window knows only the participants it read when it opened, and
          // a newcomer is not among them (nor is one who left, once it reads them again).
          if (d.is_service) {
            const user = (await peopleOf(services, [d.user_id])).get(d.user_id);
            return [
              {
                channel: channelName('chat', d.chat_id),
                event: 'post-message',
                data: { message: { ...message, user } },
              },
            ];
          }
          const readers =
            d.recipient_id === null
              ? state.chat.participants.filter((u) => u !== d.user_id)
              : [d.recipient_id];
          const pushes: Push[] = readers.map((userId) => ({
            channel: channelName('user', userId),
            event: 'ChatMessagePosted',
            data: { message },
          }));
          if (d.recipient_id === null)
            pushes.push({
              channel: channelName('chat', d.chat_id),
              event: 'post-message',
              data: { message },
            });
          return pushes;
        },
      }),
      pushMapper({
        eventTypes: ['ChatMessageEdited', 'ChatMessageDeleted'],
        async map(event): Promise<Push[]> {
          return messageChangePushes(services, event, await chatAt(event));
        },
      }),
    ],
  };
}
