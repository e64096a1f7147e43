import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, records } from '../../shared/api';
import type { MediaItem } from './model';

export const PAGE_SIZE = 50;

export interface MediaFilter {
  folder: string | null;
  page: number;
  query: string;
  type: string | null;
}

export const mediaKeys = {
  all: ['media'] as const,
  lists: ['media', 'list'] as const,
  list: (f: MediaFilter) => ['media', 'list', f] as const,
  one: (id: string) => ['media', 'one', id] as const,
  trail: (id: string | null) => ['media', 'trail', id] as const,
  overview: ['media', 'overview'] as const,
};

/** One folder of the library (the root without parent_id), 50 a page, searched and filtered by type. */
export const mediaListQuery = (f: MediaFilter) =>
  queryOptions({
    queryKey: mediaKeys.list(f),
    queryFn: ({ signal }) =>
      records.page<MediaItem>(
        'media',
        {
          page: f.page,
          limit: PAGE_SIZE,
          ...(f.folder ? { parent_id: f.folder } : {}),
          ...(f.query ? { query: f.query } : {}),
          ...(f.type ? { type: f.type } : {}),
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const mediaItemQuery = (id: string) =>
  queryOptions({
    queryKey: mediaKeys.one(id),
    queryFn: ({ signal }) => records.get<MediaItem>('media', id, signal),
  });

/** The folder and its ancestors, read upward (at most 32 levels), the folder first. */
export const folderChainQuery = (id: string | null) =>
  queryOptions({
    queryKey: mediaKeys.trail(id),
    queryFn: async ({ signal }) => {
      const chain: MediaItem[] = [];
      let next = id;
      while (next && chain.length < 32) {
        const folder = await records.get<MediaItem>('media', next, signal);
        chain.push(folder);
        next = folder.parent_id;
      }
      return chain;
    },
    staleTime: 60_000,
  });

export interface MediaOverview {
  count: number;
  size: number;
}

export const mediaOverviewQuery = queryOptions({
  queryKey: mediaKeys.overview,
  queryFn: async ({ signal }) =>
    (await api.get<{ entity: MediaOverview }>('/api/media-overview.json', { signal })).entity,
});

export const mediaApi = {
  createFolder: (name: string, parentId: string | null) =>
    records.create<MediaItem>('media', { name, type: 'folder', parent_id: parentId }),
  rename: (id: string, name: string) => records.update<MediaItem>('media', id, { name }),
  move: (id: string, parent: string) => records.update<MediaItem>('media', id, { parent_id: parent }),
  remove: (id: string) => records.remove('media', id),
  /** Marks the file shared (once) so the school may see it; the answer carries its `shared_src`. */
  share: (id: string) => api.post<{ entity: MediaItem }>(`/api/media/${encodeURIComponent(id)}/share.json`),
  retry: (id: string) => api.post<{ entity: MediaItem }>(`/api/media/${encodeURIComponent(id)}/retry.json`),
};
