import type { ChatGroup } from './api';

/** 001 §9: an incoming chat message's toast stays 10 s. */
export const CHAT_TOAST_MS = 10_000;

/** The pauses between readings of the chat lists while a pushed message's chat is not in them yet. */
export const CATCH_UP_PAUSES_MS: readonly number[] = [0, 500, 1_000, 2_000, 4_000, 8_000];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The chat of a pushed message, for its toast's title. The lists may not have it yet (a personal chat the
 * other person has just opened, or a list read before the chat's read model had it): then they are read
 * again, with growing pauses, until it shows; undefined if it never does.
 */
export async function chatOfPush(
  chatId: string,
  lookup: (chatId: string) => ChatGroup | undefined,
  refresh: () => Promise<unknown>,
  options: { pauses?: readonly number[]; wait?: (ms: number) => Promise<void> } = {},
): Promise<ChatGroup | undefined> {
  const known = lookup(chatId);
  if (known) return known;
  const wait = options.wait ?? sleep;
  for (const pause of options.pauses ?? CATCH_UP_PAUSES_MS) {
    if (pause > 0) await wait(pause);
    await refresh();
    const found = lookup(chatId);
    if (found) return found;
  }
  return undefined;
}
