import { z } from 'zod';
import { defineContract, defineEvent } from '../registry';

/**
 * Chat (specification 000 §3 "Chat", "Chat message"; 001 §2 the chat modal, §7 the calls): one stream per
 * chat, `chat-<id>`, holding its people and every message, edit, deletion, mute and read position. A
 * class's chat and an is_chat assignment's chat have ids derived from the class or assignment, and their
 * participants follow the class's and assignment's people (docs/chat.md).
 */
const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
const at = z.iso.datetime({ offset: true });

export const CHAT_TYPES = ['group', 'personal'] as const;
/** What a chat belongs to: a class, an assignment, a webinar, or nothing (two people's personal chat). */
export const CHAT_SUBJECTS = ['class', 'assignment', 'webinar', 'personal'] as const;
/** A message longer than this is refused (422): a chat is for short texts, documents go as attachments. */
export const CHAT_MESSAGE_MAX_LENGTH = 4000;
/** The action of a message: a person's text, or a service line the chat writes itself. */
export const CHAT_MESSAGE_ACTIONS = ['message', 'joined', 'left'] as const;
export type ChatMessageAction = (typeof CHAT_MESSAGE_ACTIONS)[number];

export const ChatCreated = defineEvent({
  type: 'ChatCreated',
  version: 1,
  schema: z.object({
    id,
    school_id: id.nullable(),
    owner_id: id,
    type: z.enum(CHAT_TYPES),
    subject: z.enum(CHAT_SUBJECTS),
    class_id: id.nullable(),
    assignment_id: id.nullable(),
    name: z.string().max(255),
    participants: z.array(id).max(10_000),
    /** Who moderates: may delete anyone's message and mute a participant. */
    moderators: z.array(id).max(1000),
    created_at: at,
  }),
});
export const ChatPeopleSet = defineEvent({
  type: 'ChatPeopleSet',
  version: 1,
  schema: z.object({
    id,
    name: z.string().max(255),
    participants: z.array(id).max(10_000),
    moderators: z.array(id).max(1000),
    at,
  }),
});
export const ChatClosed = defineEvent({ type: 'ChatClosed', version: 1, schema: z.object({ id, at }) });

export const ChatMessagePosted = defineEvent({
  type: 'ChatMessagePosted',
  version: 1,
  schema: z.object({
    id,
    chat_id: id,
    user_id: id,
    /** A personal message inside a group: only its author and this person see it. */
    recipient_id: id.nullable(),
    parent_id: id.nullable(),
    media_id: id.nullable(),
    action: z.enum(CHAT_MESSAGE_ACTIONS),
    message: z.string().max(CHAT_MESSAGE_MAX_LENGTH).nullable(),
    is_service: z.boolean(),
    created_at: at,
  }),
});
export const ChatMessageEdited = defineEvent({
  type: 'ChatMessageEdited',
  version: 1,
  schema: z.object({
    id,
    chat_id: id,
    message: z.string().min(1).max(CHAT_MESSAGE_MAX_LENGTH),
    by: id,
    at,
  }),
});
export const ChatMessageDeleted = defineEvent({
  type: 'ChatMessageDeleted',
  version: 1,
  schema: z.object({ id, chat_id: id, by: id, at }),
});
export const ChatParticipantMuted = defineEvent({
  type: 'ChatParticipantMuted',
  version: 1,
  schema: z.object({ chat_id: id, user_id: id, muted: z.boolean(), by: id, at }),
});
/** A participant has read up to this message (and everything before it). */
export const ChatRead = defineEvent({
  type: 'ChatRead',
  version: 1,
  schema: z.object({ chat_id: id, user_id: id, message_id: id, at }),
});

/**
 * A personal message (a personal chat's, or a `recipient_id` line inside a group) reached a recipient who
 * had no connected socket when it was posted: the notifications context tells them (docs/chat.md).
 */
export const ChatMessageMissed = defineEvent({
  type: 'ChatMessageMissed',
  version: 1,
  schema: z.object({
    chat_id: id,
    message_id: id,
    /** Who missed it. */
    user_id: id,
    author_id: id,
    /** The start of the text for the notification; null for an attachment alone. */
    preview: z.string().max(200).nullable(),
    at,
  }),
});

export type ChatCreatedData = z.infer<typeof ChatCreated.schema>;
export type ChatPeopleSetData = z.infer<typeof ChatPeopleSet.schema>;
export type ChatMessagePostedData = z.infer<typeof ChatMessagePosted.schema>;
export type ChatMessageEditedData = z.infer<typeof ChatMessageEdited.schema>;
export type ChatMessageDeletedData = z.infer<typeof ChatMessageDeleted.schema>;
export type ChatParticipantMutedData = z.infer<typeof ChatParticipantMuted.schema>;
export type ChatReadData = z.infer<typeof ChatRead.schema>;
export type ChatMessageMissedData = z.infer<typeof ChatMessageMissed.schema>;

export const chatContract = defineContract({
  context: 'chat',
  categories: ['chat'],
  events: [
    ChatCreated,
    ChatPeopleSet,
    ChatClosed,
    ChatMessagePosted,
    ChatMessageEdited,
    ChatMessageDeleted,
    ChatParticipantMuted,
    ChatRead,
    ChatMessageMissed,
  ],
});
