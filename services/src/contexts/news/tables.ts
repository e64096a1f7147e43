import type { RecordTableColumns } from '../../platform/http/records/record-table';

/** The records collection's table (defineCollection names it `<context>_<name>`; tables.unit.test.ts). */
export const NEWS_RECORDS_TABLE = 'news_records';

/**
 * The columns of 1790_news_records (record-table.ts's common columns, then collections.ts's own; a
 * collection's own columns are nullable). The record API reads it generically; this types the
 * context's own queries on it.
 */
export interface NewsTables {
  news_records: RecordTableColumns & {
    title: string | null;
    type: string | null;
    /** JSON text of a list (collections.ts). */
    categories: string | null;
    logo: string | null;
    image: string | null;
    image_thumb: string | null;
    preview: string | null;
    announce: string | null;
    body: string | null;
    is_main: boolean | null;
    is_unlisted: boolean | null;
    status: string | null;
  };
}
