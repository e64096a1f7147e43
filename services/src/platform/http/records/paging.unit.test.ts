import { describe, expect, it } from 'vitest';
import { pageOf } from './paging';

describe('pageOf', () => {
  it('counts pages and the offset of the current one', () => {
    expect(pageOf(51, 2, 25)).toEqual({ current_page: 2, last_page: 3, total: 51, per_page: 25, offset: 25 });
  });

  it('reports the last page when the current page reaches the total', () => {
    expect(pageOf(50, 2, 25)).toMatchObject({ current_page: 2, last_page: 2 });
    expect(pageOf(50, 9, 25)).toMatchObject({ current_page: 2, last_page: 2, offset: 25 });
  });

  it('has one (empty) page when there is nothing', () => {
    expect(pageOf(0, 1, 25)).toEqual({ current_page: 1, last_page: 1, total: 0, per_page: 25, offset: 0 });
    expect(pageOf(0, 4, 25)).toMatchObject({ current_page: 1, offset: 0 });
  });
});
