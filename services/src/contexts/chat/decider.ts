import type {
  ChatCreatedData,
  ChatMessageDeletedData,
  ChatMessageEditedData,
  ChatMessageMissedData,
  ChatMessagePostedData,
  ChatParticipantMutedData,
  ChatPeopleSetData,
  ChatReadData,
} from '@sabaq/events';
import { DomainError, ForbiddenError, NotFoundError, ValidationError } from '../../platform/errors';
import type { Decider } from '../../platform/commands/decider';
import { serviceLines, type LastLines } from './service-lines';

/** A chat's rules: who is in it, who moderates, who is muted, and which messages exist. Pure. */
export type ChatCommand =
  | { type: 'Ensure'; chat: ChatCreatedData; at: string }
  | { type: 'Close'; at: string }
  /** `offline`: the people without a connected socket at the post; a personal message's get a notice. */
  | { type: 'Post'; message: ChatMessagePostedData; offline?: readonly string[] }
  | { type: 'Edit'; messageId: string; by: string; text: string; at: string }
  | { type: 'Delete'; messageId: string; by: string; at: string }
  | { type: 'Mute'; userId: string; muted: boolean; by: string; at: string }
  | { type: 'Read'; userId: string; messageId: string; at: string };

export type ChatEvent =
  | { type: 'ChatCreated'; data: ChatCreatedData }
  | { type: 'ChatPeopleSet'; data: ChatPeopleSetData }
  | { type: 'ChatClosed'; data: { id: string; at: string } }
  | { type: 'ChatMessagePosted'; data: ChatMessagePostedData }
  | { type: 'ChatMessageEdited'; data: ChatMessageEditedData }
  | { type: 'ChatMessageDeleted'; data: ChatMessageDeletedData }
  | { type: 'ChatParticipantMuted'; data: ChatParticipantMutedData }
  | { type: 'ChatRead'; data: ChatReadData }
  | { type: 'ChatMessageMissed'; data: ChatMessageMissedData };

interface MessageFacts {
  userId: string;
  recipientId: string | null;
  deleted: boolean;
  isService: boolean;
}

export type ChatState =
  | { status: 'absent' }
  | {
      status: 'open' | 'closed';
      chat: ChatCreatedData;
      muted: string[];
      messages: Record<string, MessageFacts>;
      /** Each reader's last read message, so reading an older one again adds nothing. */
      reads: Record<string, string>;
      /** What the last "joined" / "left" line said of each person, so a change is announced once. */
      lastLines: LastLines;
    };

export const initialChatState: ChatState = { status: 'absent' };

const notFound = () => new NotFoundError('Чат не найден');
const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\u001f') === [...b].sort().join('\u001f');

export function decideChat(command: ChatCommand, state: ChatState): ChatEvent[] {
  if (command.type === 'Ensure') return ensure(command, state);
  if (state.status === 'absent') throw notFound();
  const chat = state.chat;
  switch (command.type) {
    case 'Close':
      return state.status === 'closed' ? [] : [{ type: 'ChatClosed', data: { id: chat.id, at: command.at } }];
    case 'Post': {
      const m = command.message;
      if (state.status === 'closed' || !chat.participants.includes(m.user_id)) throw notFound();
      if (state.messages[m.id]) return [];
      if (state.muted.includes(m.user_id)) throw new ForbiddenError('Вы не можете писать в этот чат');
      const errors: Record<string, string[]> = {};
      if (m.parent_id !== null) {
        const parent = state.messages[m.parent_id];
        if (!parent || parent.deleted || !visibleTo(parent, m.user_id))
          errors.parent_id = ['Сообщение не найдено'];
      }
      if (
        m.recipient_id !== null &&
        (!chat.participants.includes(m.recipient_id) || m.recipient_id === m.user_id)
      )
        errors.recipient_id = ['Получатель не участвует в чате'];
      if (Object.keys(errors).length > 0) throw new ValidationError('Данные заполнены неверно', errors);
      const missed: ChatEvent[] = personalReaders(chat, m)
        .filter((u) => command.offline?.includes(u))
        .map((userId) => ({
          type: 'ChatMessageMissed',
          data: {
            chat_id: chat.id,
            message_id: m.id,
            user_id: userId,
            author_id: m.user_id,
            preview: m.message === null ? null : m.message.slice(0, 200),
            at: m.created_at,
          },
        }));
      return [{ type: 'ChatMessagePosted', data: m }, ...missed];
    }
    case 'Edit': {
      const found = ownMessage(state, command.messageId, command.by);
      if (found.isService) throw new ForbiddenError('Служебное сообщение не изменяется');
      return [
        {
          type: 'ChatMessageEdited',
          data: {
            id: command.messageId,
            chat_id: chat.id,
            message: command.text,
            by: command.by,
            at: command.at,
          },
        },
      ];
    }
    case 'Delete': {
      const message = state.messages[command.messageId];
      if (!message || !visibleTo(message, command.by) || !chat.participants.includes(command.by))
        throw new NotFoundError('Сообщение не найдено');
      if (message.deleted) return [];
      if (message.userId !== command.by && !chat.moderators.includes(command.by))
        throw new ForbiddenError('Удалить чужое сообщение может только преподаватель чата');
      return [
        {
          type: 'ChatMessageDeleted',
          data: { id: command.messageId, chat_id: chat.id, by: command.by, at: command.at },
        },
      ];
    }
    case 'Mute': {
      if (!chat.participants.includes(command.by)) throw notFound();
      if (!chat.moderators.includes(command.by))
        throw new ForbiddenError('Отключать участников может только преподаватель чата');
      if (!chat.participants.includes(command.userId))
        throw new ValidationError('Данные заполнены неверно', { user_id: ['Не участвует в чате'] });
      if (chat.moderators.includes(command.userId))
        throw new ValidationError('Данные заполнены неверно', {
          user_id: ['Преподавателя отключить нельзя'],
        });
      if (state.muted.includes(command.userId) === command.muted) return [];
      return [
        {
          type: 'ChatParticipantMuted',
          data: {
            chat_id: chat.id,
            user_id: command.userId,
            muted: command.muted,
            by: command.by,
            at: command.at,
          },
        },
      ];
    }
    case 'Read': {
      if (!chat.participants.includes(command.userId)) throw notFound();
      const message = state.messages[command.messageId];
      if (!message || !visibleTo(message, command.userId))
        throw new ValidationError('Данные заполнены неверно', { message_id: ['Сообщение не найдено'] });
      const ids = Object.keys(state.messages);
      const previous = state.reads[command.userId];
      // Reading backwards changes nothing: the position only moves on.
      if (previous !== undefined && ids.indexOf(previous) >= ids.indexOf(command.messageId)) return [];
      return [
        {
          type: 'ChatRead',
          data: { chat_id: chat.id, user_id: command.userId, message_id: command.messageId, at: command.at },
        },
      ];
    }
    default: {
      const unreachable: never = command;
      throw new DomainError(`unknown command ${JSON.stringify(unreachable)}`, 500);
    }
  }
}

/**
 * Makes the chat, or brings its people in line with its class or assignment: newcomers get a "joined"
 * line and those no longer in it a "left" line (service-lines.ts).
 */
function ensure(command: { chat: ChatCreatedData; at: string }, state: ChatState): ChatEvent[] {
  const wanted = command.chat;
  if (state.status === 'absent') {
    // Two people opening their personal chat need no "joined" lines.
    const lines =
      wanted.type === 'personal'
        ? []
        : serviceLines(wanted.id, { before: [], now: wanted.participants, at: command.at }, {}, () => false);
    return [{ type: 'ChatCreated', data: wanted }, ...lines.map(posted)];
  }
  const chat = state.chat;
  if (
    state.status === 'open' &&
    sameSet(chat.participants, wanted.participants) &&
    sameSet(chat.moderators, wanted.moderators) &&
    chat.name === wanted.name
  )
    return [];
  const set: ChatEvent = {
    type: 'ChatPeopleSet',
    data: {
      id: chat.id,
      name: wanted.name,
      participants: wanted.participants,
      moderators: wanted.moderators,
      at: command.at,
    },
  };
  const change = { before: chat.participants, now: wanted.participants, at: command.at };
  const lines = serviceLines(chat.id, change, state.lastLines, (id) => id in state.messages);
  return [set, ...lines.map(posted)];
}

const posted = (data: ChatMessagePostedData): ChatEvent => ({ type: 'ChatMessagePosted', data });

/** Whom a message is personally for: the other person of a personal chat, or a group line's recipient. */
export function personalReaders(chat: ChatCreatedData, m: ChatMessagePostedData): string[] {
  if (m.is_service) return [];
  if (m.recipient_id !== null) return [m.recipient_id];
  return chat.type === 'personal' ? chat.participants.filter((u) => u !== m.user_id) : [];
}

function visibleTo(message: MessageFacts, userId: string): boolean {
  return message.recipientId === null || message.recipientId === userId || message.userId === userId;
}

function ownMessage(state: ChatState & { status: 'open' | 'closed' }, messageId: string, by: string) {
  const message = state.messages[messageId];
  if (!message || message.deleted || !visibleTo(message, by)) throw new NotFoundError('Сообщение не найдено');
  if (message.userId !== by) throw new ForbiddenError('Изменить сообщение может только его автор');
  return message;
}

export function evolveChat(state: ChatState, event: ChatEvent): ChatState {
  if (event.type === 'ChatCreated')
    return { status: 'open', chat: event.data, muted: [], messages: {}, reads: {}, lastLines: {} };
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'ChatPeopleSet': {
      const { name, participants, moderators } = event.data;
      // A chat whose class came back (a new ChatPeopleSet after closing) opens again.
      return { ...state, status: 'open', chat: { ...state.chat, name, participants, moderators } };
    }
    case 'ChatClosed':
      return { ...state, status: 'closed' };
    case 'ChatMessagePosted': {
      const d = event.data;
      const facts = {
        userId: d.user_id,
        recipientId: d.recipient_id,
        deleted: false,
        isService: d.is_service,
      };
      const messages = { ...state.messages, [d.id]: facts };
      if (d.is_service && (d.action === 'joined' || d.action === 'left'))
        return { ...state, messages, lastLines: { ...state.lastLines, [d.user_id]: d.action } };
      return { ...state, messages };
    }
    case 'ChatMessageEdited':
      return state;
    case 'ChatMessageDeleted': {
      const message = state.messages[event.data.id];
      if (!message) return state;
      return { ...state, messages: { ...state.messages, [event.data.id]: { ...message, deleted: true } } };
    }
    case 'ChatParticipantMuted': {
      const others = state.muted.filter((u) => u !== event.data.user_id);
      return { ...state, muted: event.data.muted ? [...others, event.data.user_id] : others };
    }
    case 'ChatRead':
      return { ...state, reads: { ...state.reads, [event.data.user_id]: event.data.message_id } };
    case 'ChatMessageMissed':
      return state;
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

export const chatDecider: Decider<ChatCommand, ChatEvent, ChatState> = {
  initialState: initialChatState,
  evolve: evolveChat,
  decide: decideChat,
};
