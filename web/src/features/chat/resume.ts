/** How many messages one resume request asks for (the server answers at most 100). */
export const RESUME_PAGE = 100;

/**
 * Everything after the last message seen, oldest first (docs/chat.md "Resume"): the server answers a
 * page at a time, so while a full page comes back the next is asked for from its last message; a client
 * that was away for more than a page so misses nothing.
 */
export async function resumeAfter<T extends { id: string }>(
  afterId: string,
  pageAfter: (afterId: string, limit: number) => Promise<T[]>,
): Promise<T[]> {
  const missed: T[] = [];
  let from = afterId;
  for (;;) {
    const page = await pageAfter(from, RESUME_PAGE);
    missed.push(...page);
    const last = page.at(-1);
    if (page.length < RESUME_PAGE || !last) return missed;
    from = last.id;
  }
}
