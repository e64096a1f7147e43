import { describe, expect, it } from 'vitest';
import { chatText } from './i18n/chat-text';
import { lastSeen } from './last-seen';

const now = new Date('2026-11-28T12:00:00.000Z');
const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MINUTE = 60_000;

/** The sentence the info window shows, in a language. */
function said(value: string | null, language = 'ru', tag = 'ru-RU'): string | null {
  const found = lastSeen(value, now, tag);
  return found === null ? null : chatText(language, found.key, found.values);
}

describe('an offline participant’s last activity', () => {
  it('says nothing for somebody never active or a value that is not a date', () => {
    expect(lastSeen(null, now, 'ru-RU')).toBeNull();
    expect(lastSeen(undefined, now, 'ru-RU')).toBeNull();
    expect(lastSeen('', now, 'ru-RU')).toBeNull();
    expect(lastSeen('вчера', now, 'ru-RU')).toBeNull();
  });

  it('is "just now" within a minute, and for a time a little ahead of this clock', () => {
    expect(said(before(30_000))).toBe('был(а) в сети только что');
    expect(said(before(-5_000))).toBe('был(а) в сети только что');
  });

  it('counts whole minutes within an hour and whole hours within a day', () => {
    expect(said(before(MINUTE))).toBe('был(а) в сети 1 мин назад');
    expect(said(before(59 * MINUTE + 59_000))).toBe('был(а) в сети 59 мин назад');
    expect(said(before(60 * MINUTE))).toBe('был(а) в сети 1 ч назад');
    expect(said(before(23 * 60 * MINUTE + 59 * MINUTE))).toBe('был(а) в сети 23 ч назад');
  });

  it('names the date and time from a day on, in the language’s numeric form', () => {
    const at = '2026-11-21T09:05:00.000Z';
    const local = new Date(at);
    const hhmm = `${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}`;
    expect(said(at)).toBe(`был(а) в сети ${String(local.getDate()).padStart(2, '0')}.11.2026, ${hhmm}`);
    expect(said(before(24 * 60 * MINUTE))).toMatch(/^был\(а\) в сети \d\d\.11\.2026, \d\d:\d\d$/);
  });

  it('speaks English and Kazakh too', () => {
    expect(said(before(5 * MINUTE), 'en', 'en-GB')).toBe('last seen 5 min ago');
    expect(said(before(3 * 60 * MINUTE), 'en', 'en-GB')).toBe('last seen 3 h ago');
    expect(said(before(5 * MINUTE), 'kz')).toBe('5 мин бұрын желіде болды');
    expect(said(before(10_000), 'kz')).toBe('жаңа ғана желіде болды');
    expect(said('2026-11-01T09:05:00.000Z', 'kz')).toMatch(
      /^соңғы рет желіде болды: \d\d\.11\.2026, \d\d:\d\d$/,
    );
  });
});
