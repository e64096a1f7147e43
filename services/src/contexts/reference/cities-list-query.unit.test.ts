import { describe, expect, it } from 'vitest';
import { cities } from './collections';
import { listQuery, listQuerySchema } from '../../platform/http/records/list-query';
import { parseQueryString } from '../../platform/http/records/query-string';

const collection = cities.collection;
const parse = (query: string) => listQuerySchema(collection).safeParse(parseQueryString(query));
const read = (query: string) => {
  const parsed = parse(query);
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return listQuery(collection, parsed.data);
};

describe('the list query', () => {
  it('is unpaged by default, in the declared order, capped at maxUnpaged', () => {
    expect(read('')).toEqual({
      paged: false,
      page: 1,
      limit: 1000,
      orderBy: 'name',
      direction: 'asc',
      ids: undefined,
      filters: {},
    });
  });

  it('pages on page or paginable, with the default page size', () => {
    expect(read('page=3')).toMatchObject({ paged: true, page: 3, limit: 25 });
    expect(read('paginable=1&limit=10')).toMatchObject({ paged: true, page: 1, limit: 10 });
    expect(read('paginable=0')).toMatchObject({ paged: false });
  });

  it('types filters from filter[...] and from the field itself, and collects ids', () => {
    expect(read('filter[is_default]=1&region_id[]=a&region_id[]=b&ids=x&orderBy=slug&sortedBy=desc')).toEqual(
      {
        paged: false,
        page: 1,
        limit: 1000,
        orderBy: 'slug',
        direction: 'desc',
        ids: ['x'],
        filters: { is_default: [true], region_id: ['a', 'b'] },
      },
    );
  });

  it('refuses what is not declared or out of bounds', () => {
    for (const query of [
      'limit=101',
      'limit=0',
      'page=0',
      'page=-1',
      'orderBy=description',
      'sortedBy=up',
      'filter[description]=x',
      'is_default=maybe',
      'ids[]=a%20b',
      'filter=x',
    ]) {
      expect(parse(query).success, query).toBe(false);
    }
  });
});
