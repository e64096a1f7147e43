import { describe, expect, it } from 'vitest';
import { homeNews } from './home-news';

const item = (id: string, extra: Partial<Parameters<typeof homeNews>[0][number]> = {}) => ({
  id,
  is_main: false,
  is_unlisted: false,
  status: 'published' as 'published' | 'draft',
  ...extra,
});

describe('the home page news', () => {
  it('puts the main item first, then the newest others, three in all', () => {
    const main = item('m', { is_main: true });
    const latest = [item('a'), item('b'), item('c'), item('d')];
    expect(homeNews([main], latest).map((i) => i.id)).toEqual(['m', 'a', 'b']);
  });

  it('does not show the main item twice when it is among the newest', () => {
    const main = item('a', { is_main: true });
    const latest = [main, item('b'), item('c')];
    expect(homeNews([main], latest).map((i) => i.id)).toEqual(['a', 'b', 'c']);
  });

  it('leaves unlisted items and drafts out, the main one too', () => {
    const hiddenMain = item('m', { is_main: true, is_unlisted: true });
    const latest = [item('a', { status: 'draft' }), item('b', { is_unlisted: true }), item('c')];
    expect(homeNews([hiddenMain], latest).map((i) => i.id)).toEqual(['c']);
  });

  it('takes only a main item as the lead, and shows nothing when there is no news', () => {
    expect(homeNews([item('x')], [item('a')]).map((i) => i.id)).toEqual(['a']);
    expect(homeNews([], [])).toEqual([]);
    expect(homeNews([], [item('a'), item('b')], 1).map((i) => i.id)).toEqual(['a']);
  });
});
