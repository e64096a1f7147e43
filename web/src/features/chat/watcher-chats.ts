import type { ChatGroup, WatcherChat } from './api';

/**
 * The personal chats an exam's focus mode shows: only those whose other person watches exams (the
 * server names them), newest first as the personal list already is; every other chat stays hidden.
 */
export function watcherChatsOf(
  personal: readonly ChatGroup[],
  watchers: readonly WatcherChat[],
): ChatGroup[] {
  const ids = new Set(watchers.map((w) => w.chat_id));
  return personal.filter((chat) => chat.type !== 'group' && ids.has(chat.id));
}

/** The unread messages over those chats, for the focus mode's badge. */
export const unreadOf = (chats: readonly ChatGroup[]): number =>
  chats.reduce((sum, chat) => sum + (chat.unread_count ?? 0), 0);
