import { channelName, type ChatMessagePostedData, type Push, type StoredEvent } from '@sabaq/events';
import type { ContextServices } from '../../platform/context';
import type { RealtimeContribution } from '../../platform/realtime/contribution';
import { participantChat } from './access';
import { chatDecider, type ChatEvent, type ChatState } from './decider';
import { chatStream } from './ids';
import { rememberPresence } from './presence';

/** The chat as it stood when the message was posted: its people then, not as the read model has them later. */
async function chatAt(services: Pick<ContextServices, 'store'>, event: StoredEvent): Promise<ChatState> {
  const history = await services.store.readStream(chatStream((event.data as ChatMessagePostedData).chat_id));
  return history
    .filter((e) => e.streamPosition <= event.streamPosition)
    .reduce<ChatState>((s, e) => chatDecider.evolve(s, e as unknown as ChatEvent), chatDecider.initialState);
}

const dto = (d: ChatMessagePostedData) => ({ ...d, is_deleted: false, edited_at: null });

/**
 * `chat.{id}`: only the chat's participants may subscribe (access.ts). A posted message goes to the chat's
 * channel as `post-message` (a personal line inside a group does not: it goes to its two people only),
 * and as `ChatMessagePosted` to each other participant's own `user.{id}` channel, for the header's
 * badge and toast. Pushes are live only; a reconnecting client asks for what it missed (docs/chat.md).
 */
export function chatRealtime(services: Pick<ContextServices, 'db' | 'store'>): RealtimeContribution {
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
      {
        eventTypes: ['ChatMessagePosted'],
        async map(event): Promise<Push[]> {
          const d = event.data as ChatMessagePostedData;
          if (d.is_service) return [];
          const state = await chatAt(services, event);
          if (state.status !== 'open') return [];
          const message = dto(d);
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
      },
    ],
  };
}
