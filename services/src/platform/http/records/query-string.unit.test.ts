import { describe, expect, it } from 'vitest';
import { parseQueryString } from './query-string';

describe('parseQueryString', () => {
  it('nests bracket-style arrays and maps as the web client sends them', () => {
    expect(parseQueryString('ids[]=1&ids[]=2&filter[type]=group&page=2')).toEqual({
      ids: ['1', '2'],
      filter: { type: 'group' },
      page: '2',
    });
  });

  it('turns a repeated plain key into an array and decodes + and escapes', () => {
    expect(parseQueryString('a=1&a=2&q=hello+w%C3%B6rld')).toEqual({ a: ['1', '2'], q: 'hello wörld' });
  });

  it('reads arrays inside maps', () => {
    expect(parseQueryString('filter[region_id][]=a&filter[region_id][]=b')).toEqual({
      filter: { region_id: ['a', 'b'] },
    });
  });

  it('drops malformed escapes, prototype keys and over-deep paths instead of failing', () => {
    const parsed = parseQueryString('x=%E0%A4%A&__proto__[polluted]=1&a[b][c][d][e]=1&constructor=1&ok=1');
    expect(parsed).toEqual({ ok: '1' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps the first shape when a key is used both as a value and as a map', () => {
    expect(parseQueryString('a=1&a[b]=2')).toEqual({ a: '1' });
    expect(parseQueryString('a[b]=2&a=1')).toEqual({ a: { b: '2' } });
  });

  it('stops after 200 pairs', () => {
    const parsed = parseQueryString(Array.from({ length: 500 }, (_, i) => `k${i}=1`).join('&'));
    expect(Object.keys(parsed)).toHaveLength(200);
  });
});
