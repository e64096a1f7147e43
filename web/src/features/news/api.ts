import { queryOptions } from '@tanstack/react-query';
import { records } from '../../shared/api';
import { HOME_NEWS_COUNT, homeNews } from './model/home-news';

/** The school's news items (docs/news.md), the specification's "Record" under /api/records. */
export const COLLECTION = 'records';

export interface NewsItem {
  id: string;
  title: string;
  type: string | null;
  categories: string[];
  image: string | null;
  announce: string | null;
  /** Rich text (HTML), sanitised by the platform. */
  body: string;
  is_main: boolean;
  is_unlisted: boolean;
  status: 'draft' | 'published';
  created_at: string;
  updated_at: string;
}

export type NewsFields = Pick<
  NewsItem,
  'title' | 'announce' | 'categories' | 'image' | 'body' | 'is_main' | 'is_unlisted' | 'status'
>;

export const newsKeys = {
  all: ['news'] as const,
  one: (id: string) => ['news', id] as const,
  home: ['news', 'home'] as const,
};

/** Newest first; the main item leads (the list is short, so it is ordered here). */
export const newsListQuery = () =>
  queryOptions({
    queryKey: newsKeys.all,
    queryFn: async ({ signal }) => {
      const items = await records.list<NewsItem>(
        COLLECTION,
        { orderBy: 'created_at', sortedBy: 'desc' },
        signal,
      );
      return [...items].sort((a, b) => Number(b.is_main) - Number(a.is_main));
    },
  });

/**
 * The few items of the home pages: the newest main item and the newest others, published and listed
 * (a reader's list is narrowed so by the server anyway; the manager's is not).
 */
export const homeNewsQuery = () =>
  queryOptions({
    queryKey: newsKeys.home,
    queryFn: async ({ signal }) => {
      const shown = { status: 'published', is_unlisted: 'false' };
      const newest = { orderBy: 'created_at', sortedBy: 'desc' };
      const [main, latest] = await Promise.all([
        records.page<NewsItem>(
          COLLECTION,
          { ...newest, limit: 1, filter: { ...shown, is_main: 'true' } },
          signal,
        ),
        records.page<NewsItem>(COLLECTION, { ...newest, limit: HOME_NEWS_COUNT + 1, filter: shown }, signal),
      ]);
      return homeNews(main.data, latest.data);
    },
  });

export const newsItemQuery = (id: string) =>
  queryOptions({
    queryKey: newsKeys.one(id),
    queryFn: ({ signal }) => records.get<NewsItem>(COLLECTION, id, signal),
  });

export const newsApi = {
  create: (fields: NewsFields) => records.create<NewsItem>(COLLECTION, fields),
  update: (id: string, changes: Partial<NewsFields>) => records.update<NewsItem>(COLLECTION, id, changes),
  remove: (id: string) => records.remove(COLLECTION, id),
};
