import type { ChatMessagePostedData } from '@sabaq/events';
import { chatMessageId } from './ids';

export type ServiceAction = 'joined' | 'left';

/** The last service line the chat wrote about each person: whether it last said they joined or left. */
export type LastLines = Readonly<Record<string, ServiceAction>>;

/**
 * The service lines for a change of a group chat's people: "joined" for each newcomer, "left" for each
 * person no longer in it. A line is written only when it says something new about the person (a person
 * whose last line is "joined" gets no second one), so deciding the same change again writes nothing.
 * The nth line of one kind about one person has an id derived from the chat, the kind, the person and n:
 * a retry or a replay of the same change appends the same ids, and a person who leaves, comes back and
 * leaves again gets a line each time.
 */
export function serviceLines(
  chatId: string,
  change: { before: readonly string[]; now: readonly string[]; at: string },
  last: LastLines,
  written: (messageId: string) => boolean,
): ChatMessagePostedData[] {
  const { before, now, at } = change;
  const line = (userId: string, action: ServiceAction): ChatMessagePostedData => ({
    id: nextId(chatId, action, userId, written),
    chat_id: chatId,
    user_id: userId,
    recipient_id: null,
    parent_id: null,
    media_id: null,
    action,
    message: null,
    is_service: true,
    created_at: at,
  });
  const came = now.filter((u) => !before.includes(u) && last[u] !== 'joined').map((u) => line(u, 'joined'));
  const went = before.filter((u) => !now.includes(u) && last[u] !== 'left').map((u) => line(u, 'left'));
  return [...came, ...went];
}

/** The first id of this kind about this person that the chat has not written yet. */
function nextId(chatId: string, action: ServiceAction, userId: string, written: (id: string) => boolean) {
  for (let n = 0; ; n += 1) {
    const id = chatMessageId(chatId, action, userId, n);
    if (!written(id)) return id;
  }
}
