import type { ChatMessage } from './api';

/**
 * Of two copies of one message (from a page, a push, a resume, one's own answer), the one to show: a
 * deletion is final; otherwise the later edit, and of equal ones the copy that came last. So an edit
 * or a deletion pushed while an older page is read again is not undone by that page.
 */
export function newerOf(known: ChatMessage, incoming: ChatMessage): ChatMessage {
  if (known.is_deleted !== incoming.is_deleted) return known.is_deleted ? known : incoming;
  return (incoming.edited_at ?? '') >= (known.edited_at ?? '') ? incoming : known;
}

/** The window's messages: each once, oldest first, whichever way each copy came. */
export function mergeMessages(
  pages: readonly (readonly ChatMessage[])[],
  live: readonly ChatMessage[],
): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const m of [...pages.flat(), ...live]) {
    const known = byId.get(m.id);
    byId.set(m.id, known ? newerOf(known, m) : m);
  }
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}
