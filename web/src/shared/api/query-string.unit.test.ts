import { describe, expect, it } from 'vitest';
import { toQueryString } from './query-string';

describe('toQueryString', () => {
  it('writes arrays in bracket style', () => {
    expect(toQueryString({ ids: [1, 2] })).toBe('ids[]=1&ids[]=2');
  });

  it('writes nested objects with bracketed keys', () => {
    expect(toQueryString({ filter: { type: 'video', parent_id: 7 } })).toBe(
      'filter[type]=video&filter[parent_id]=7',
    );
  });

  it('leaves out null and undefined, keeps false and zero', () => {
    expect(toQueryString({ a: null, b: undefined, c: false, d: 0 })).toBe('c=false&d=0');
  });

  it('percent-encodes names and values but not the brackets', () => {
    expect(toQueryString({ 'q&x': ['а б', '1=2'] })).toBe('q%26x[]=%D0%B0%20%D0%B1&q%26x[]=1%3D2');
  });

  it('sends dates as ISO strings', () => {
    expect(toQueryString({ from: new Date(Date.UTC(2024, 0, 2, 3, 4, 5)) })).toBe(
      'from=2024-01-02T03%3A04%3A05.000Z',
    );
  });
});
