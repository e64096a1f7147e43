import { api, fetchBlob } from '../../shared/api';
import { resumeAfter } from './resume';

/** 001 §7 "Chat group": the fields the group list asks for (X-Requested-Fields). */
export const GROUP_FIELDS =
  'id,name,description,image,color,class_id,unread_count,participants_count,last_message.message,last_message.is_deleted,last_message.created_at,last_message.user.name';
/** 001 §9: the group list shows 30 chats; a message page holds 25. */
export const GROUP_LIST_LIMIT = 30;
export const MESSAGE_PAGE_SIZE = 25;

export interface ChatPerson {
  id: string;
  name: string;
  photo: string | null;
  color: string | null;
  is_moderator?: boolean;
  is_muted?: boolean;
  /** Has a socket open right now (on this server). */
  is_online?: boolean;
  /** When they were last active on the platform (signed in or refreshed their session). */
  last_activity_date?: string | null;
}

/** An attachment from the media library, shown by its name. */
export interface ChatMedia {
  id: string;
  name?: string | null;
  type?: string | null;
}

export interface ChatMessage {
  id: string;
  chat_id: string;
  parent_id: string | null;
  user_id: string;
  recipient_id: string | null;
  action: 'message' | 'joined' | 'left';
  message: string | null;
  is_service: boolean;
  is_deleted: boolean;
  edited_at?: string | null;
  media_id?: string | null;
  media?: ChatMedia | null;
  created_at: string;
  seq: number;
  user?: ChatPerson;
}

export interface ChatGroup {
  id: string;
  name: string;
  type?: 'group' | 'personal';
  class_id?: string | null;
  unread_count?: number;
  participants_count?: number;
  last_message?: {
    message: string | null;
    is_deleted?: boolean;
    created_at: string;
    user?: { name: string };
  } | null;
}

export interface ChatDetails extends ChatGroup {
  participants: ChatPerson[];
  is_muted: boolean;
  is_moderator: boolean;
}

/** A personal chat whose other person may watch an exam (`GET /api/chats/watchers.json`). */
export interface WatcherChat {
  chat_id: string;
  user_id: string;
}

interface Page<T> {
  entities: { data: T[]; current_page: number; last_page: number; total: number };
}

export const chatApi = {
  groups: async (signal?: AbortSignal) =>
    (
      await api.get<Page<ChatGroup>>('/api/chats', {
        query: { type: 'group', orderBy: 'last_message', limit: GROUP_LIST_LIMIT },
        headers: { 'X-Requested-Fields': GROUP_FIELDS },
        signal,
      })
    ).entities.data,
  /** The caller's personal chats, for the list under the groups. */
  personal: async (signal?: AbortSignal) =>
    (
      await api.get<Page<ChatGroup>>('/api/chats', {
        query: { type: 'personal', orderBy: 'last_message', limit: GROUP_LIST_LIMIT },
        signal,
      })
    ).entities.data,
  /** Which of the caller's personal chats are with people who watch this exam (its focus mode). */
  watchers: async (assignmentId: string, signal?: AbortSignal) =>
    (
      await api.get<{ entities: WatcherChat[] }>('/api/chats/watchers.json', {
        query: { assignment_id: assignmentId },
        signal,
      })
    ).entities,
  /**
   * Opens (or finds) the personal chat with another person of the school; from an exam's grid with the
   * exam's id, which only its watchers may use.
   */
  openPersonal: async (userId: string, assignmentId?: string) =>
    (
      await api.post<{ entity: ChatDetails }>('/api/chats', {
        type: 'personal',
        user_id: userId,
        ...(assignmentId ? { assignment_id: assignmentId } : {}),
      })
    ).entity,
  /**
   * An attachment's file, for a reader of its message (the media library's view, which follows the
   * chat's grant): fetched with the token, as a link cannot send it.
   */
  attachment: (mediaId: string) => fetchBlob(`/api/media/${encodeURIComponent(mediaId)}/view`),
  chat: async (id: string, signal?: AbortSignal) =>
    (await api.get<{ entity: ChatDetails }>(`/api/chats/${encodeURIComponent(id)}`, { signal })).entity,
  /** Page 1 is the newest messages; the window scrolls upwards into later pages. */
  page: async (chatId: string, page: number, signal?: AbortSignal) =>
    (
      await api.get<Page<ChatMessage>>('/api/chat-messages', {
        query: { chat_id: chatId, page, limit: MESSAGE_PAGE_SIZE, paginable: 1 },
        signal,
      })
    ).entities,
  /** Everything that came after the last message seen (after a reconnect), oldest first, page by page. */
  after: (chatId: string, afterId: string) =>
    resumeAfter(
      afterId,
      async (from, limit) =>
        (
          await api.get<{ entities: ChatMessage[] }>('/api/chat-messages', {
            query: { chat_id: chatId, after_id: from, limit },
          })
        ).entities,
    ),
  post: async (body: {
    chat_id: string;
    message: string | null;
    parent_id: string | null;
    media_id: string | null;
    recipient_id?: string | null;
    id?: string;
  }) => (await api.post<{ entity: ChatMessage }>('/api/chat-messages', body)).entity,
  edit: async (id: string, message: string) =>
    (await api.put<{ entity: ChatMessage }>(`/api/chat-messages/${encodeURIComponent(id)}`, { message }))
      .entity,
  remove: (id: string) => api.delete(`/api/chat-messages/${encodeURIComponent(id)}`),
  mute: async (chatId: string, userId: string, muted: boolean) =>
    (
      await api.post<{ entity: ChatDetails }>(`/api/chats/${encodeURIComponent(chatId)}/mute.json`, {
        user_id: userId,
        muted,
      })
    ).entity,
  read: (chatId: string, messageId: string) =>
    api.post(`/api/chats/${encodeURIComponent(chatId)}/read.json`, { message_id: messageId }),
};
