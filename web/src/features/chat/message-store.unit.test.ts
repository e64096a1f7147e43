import { describe, expect, it } from 'vitest';
import type { ChatMessage } from './api';
import { mergeMessages } from './message-store';

const message = (id: string, seq: number, changes: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  chat_id: 'c',
  parent_id: null,
  user_id: 'u',
  recipient_id: null,
  action: 'message',
  message: `text ${id}`,
  is_service: false,
  is_deleted: false,
  edited_at: null,
  created_at: '2026-11-27T10:00:00.000Z',
  seq,
  ...changes,
});

describe('the chat window’s messages', () => {
  it('shows each message once, oldest first, from pages and pushes', () => {
    const merged = mergeMessages([[message('b', 2), message('a', 1)]], [message('c', 3), message('b', 2)]);
    expect(merged.map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });

  it('applies a pushed edit over the page’s copy, and an older page read again does not undo it', () => {
    const edited = message('a', 1, { message: 'исправлено', edited_at: '2026-11-27T10:05:00.000Z' });
    expect(mergeMessages([[message('a', 1)]], [edited])[0]).toMatchObject({ message: 'исправлено' });
    // The page read again before the edit reached the read model: the edit stays.
    expect(mergeMessages([[message('a', 1)]], [edited, message('a', 1)])[0]?.message).toBe('исправлено');
    const later = message('a', 1, { message: 'ещё раз', edited_at: '2026-11-27T10:06:00.000Z' });
    expect(mergeMessages([[later]], [edited])[0]?.message).toBe('ещё раз');
  });

  it('keeps a deletion, whatever copy comes after it', () => {
    const deleted = message('a', 1, { message: null, is_deleted: true, media: null });
    const edited = message('a', 1, { message: 'x', edited_at: '2026-11-27T10:05:00.000Z' });
    const merged = mergeMessages([[message('a', 1)]], [deleted, edited]);
    expect(merged[0]).toMatchObject({ is_deleted: true, message: null });
  });
});
