import { describe, expect, it } from 'vitest';
import type { ChatGroup } from './api';
import { unreadOf, watcherChatsOf } from './watcher-chats';

const chat = (id: string, unread: number, type: ChatGroup['type'] = 'personal'): ChatGroup => ({
  id,
  name: id,
  type,
  unread_count: unread,
});

describe("an exam's focus mode's chats", () => {
  const personal = [chat('with-proctor', 2), chat('with-classmate', 5), chat('with-teacher', 1)];
  const watchers = [
    { chat_id: 'with-teacher', user_id: 'teacher-1' },
    { chat_id: 'with-proctor', user_id: 'proctor-1' },
  ];

  it('keeps only the chats with watchers, in the personal list order', () => {
    expect(watcherChatsOf(personal, watchers).map((c) => c.id)).toEqual(['with-proctor', 'with-teacher']);
  });

  it('shows nothing while the server names no watcher, and never a group chat', () => {
    expect(watcherChatsOf(personal, [])).toEqual([]);
    expect(watcherChatsOf([chat('with-proctor', 1, 'group')], watchers)).toEqual([]);
  });

  it("counts only the watchers' chats' unread messages", () => {
    expect(unreadOf(watcherChatsOf(personal, watchers))).toBe(3);
    expect(unreadOf([])).toBe(0);
  });
});
