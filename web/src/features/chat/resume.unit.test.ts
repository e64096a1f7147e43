import { describe, expect, it } from 'vitest';
import { RESUME_PAGE, resumeAfter } from './resume';

/** A chat's messages as the server pages them after a message: oldest first, at most `limit`. */
function server(count: number) {
  const messages = Array.from({ length: count }, (_, n) => ({ id: `m${n}` }));
  const asked: string[] = [];
  return {
    asked,
    pageAfter: async (afterId: string, limit: number) => {
      asked.push(afterId);
      const from = messages.findIndex((m) => m.id === afterId) + 1;
      return messages.slice(from, from + limit);
    },
  };
}

describe('resuming after a reconnect', () => {
  it('brings every message after the last seen, across pages, each once and in order', async () => {
    const chat = server(1 + 2 * RESUME_PAGE + 7);
    const missed = await resumeAfter('m0', chat.pageAfter);
    expect(missed.map((m) => m.id)).toEqual(
      Array.from({ length: 2 * RESUME_PAGE + 7 }, (_, n) => `m${n + 1}`),
    );
    expect(chat.asked).toEqual(['m0', `m${RESUME_PAGE}`, `m${2 * RESUME_PAGE}`]);
  });

  it('asks once when nothing or less than a page was missed', async () => {
    const quiet = server(3);
    expect(await resumeAfter('m2', quiet.pageAfter)).toEqual([]);
    expect(quiet.asked).toEqual(['m2']);
  });
});
