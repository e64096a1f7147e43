import { describe, expect, it } from 'vitest';
import type { ChatGroup } from './api';
import { CATCH_UP_PAUSES_MS, CHAT_TOAST_MS, chatOfPush } from './chat-toast';

/** Chat lists that learn of chats as they are read again: `appearsAfter` readings for each chat. */
function lists(appearsAfter: Record<string, number>) {
  let readings = 0;
  const waited: number[] = [];
  return {
    lookup: (id: string): ChatGroup | undefined =>
      id in appearsAfter && readings >= appearsAfter[id]! ? { id, name: `Чат ${id}` } : undefined,
    refresh: async () => {
      readings += 1;
    },
    wait: async (ms: number) => {
      waited.push(ms);
    },
    readings: () => readings,
    waited,
  };
}

describe('the chat a toast names', () => {
  it('is the known chat at once, without reading the lists again', async () => {
    const known = lists({ a: 0 });
    expect(await chatOfPush('a', known.lookup, known.refresh, known)).toMatchObject({ name: 'Чат a' });
    expect(known.readings()).toBe(0);
  });

  it('is found after the lists are read again, for a chat opened just now by the other person', async () => {
    const fresh = lists({ p: 2 });
    expect(await chatOfPush('p', fresh.lookup, fresh.refresh, fresh)).toMatchObject({ name: 'Чат p' });
    expect(fresh.readings()).toBe(2);
    // The first reading at once, the next after the first pause.
    expect(fresh.waited).toEqual([CATCH_UP_PAUSES_MS[1]]);
  });

  it('is undefined once every reading has missed it', async () => {
    const never = lists({});
    expect(await chatOfPush('x', never.lookup, never.refresh, never)).toBeUndefined();
    expect(never.readings()).toBe(CATCH_UP_PAUSES_MS.length);
  });

  it('stays 10 s (001 §9)', () => {
    expect(CHAT_TOAST_MS).toBe(10_000);
  });
});
