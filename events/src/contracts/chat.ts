import { z } from 'zod';

/**
 * The chat's answers (docs/chat.md). Loose objects that name no field: `X-Requested-Fields` trims them
 * to any subset, and the serialiser must not drop what the entity builders add.
 */
export const chatRecord = z.looseObject({}).meta({
  id: 'Chat',
  description:
    'A class, assignment or personal chat (docs/chat.md): id, type, name, participants, last_message, unread, muted',
});

export const chatMessageRecord = z.looseObject({}).meta({
  id: 'ChatMessage',
  description:
    'One message of a chat (docs/chat.md): id, chat_id, user_id, user, message (null once deleted), created_at, edited_at',
});
