import { describe, expect, it } from 'vitest';
import { newsRecords } from './collections';
import { NEWS_RECORDS_TABLE, type NewsTables } from './tables';

/** The record table's common columns (record-table.ts); the rest are the collection's own. */
type Common = 'id' | 'school_id' | 'owner_id' | 'version' | 'deleted' | 'created_at' | 'updated_at';
/** Every own column of the interface, once: the compiler refuses a missing or an unknown one. */
const declared: Record<Exclude<keyof NewsTables['news_records'], Common>, true> = {
  title: true,
  type: true,
  categories: true,
  logo: true,
  image: true,
  image_thumb: true,
  preview: true,
  announce: true,
  body: true,
  is_main: true,
  is_unlisted: true,
  status: true,
};

describe('the news tables', () => {
  it('are the table and the columns the records collection creates', () => {
    expect(newsRecords.collection.table).toBe(NEWS_RECORDS_TABLE);
    expect(Object.keys(newsRecords.collection.columns).sort()).toEqual(Object.keys(declared).sort());
  });
});
