import { ApiError } from './api-error';
import { api } from './client';
import type { QueryParams } from './query-string';

/** A page of a paged list (docs/records-api.md): under entities.data with the page numbers. */
export interface Page<T> {
  data: T[];
  current_page: number;
  last_page: number;
  total: number;
  per_page?: number;
}

const noData = () => new ApiError('http', 'No data in fetch response', 200);
const notArray = () => new ApiError('http', 'Expected an array of models in fetch response', 200);

/**
 * The generic record calls of 000 §7 over one collection: lists under entities (paged under
 * entities.data), single records under entity. Malformed answers raise the specification's errors.
 */
export const records = {
  async page<T>(collection: string, query: QueryParams = {}, signal?: AbortSignal): Promise<Page<T>> {
    const answer = await api.get<{ entities?: Page<T> }>(`/api/${collection}`, {
      query: { page: 1, ...query },
      signal,
    });
    if (!Array.isArray(answer?.entities?.data)) throw notArray();
    return answer.entities;
  },
  async list<T>(collection: string, query: QueryParams = {}, signal?: AbortSignal): Promise<T[]> {
    const answer = await api.get<{ entities?: T[] }>(`/api/${collection}`, { query, signal });
    if (!Array.isArray(answer?.entities)) throw notArray();
    return answer.entities;
  },
  async get<T>(collection: string, id: string, signal?: AbortSignal): Promise<T> {
    const answer = await api.get<{ entity?: T }>(`/api/${collection}/${encodeURIComponent(id)}`, { signal });
    if (!answer?.entity) throw noData();
    return answer.entity;
  },
  async create<T>(collection: string, body: object): Promise<T> {
    const answer = await api.post<{ entity?: T }>(`/api/${collection}`, body);
    if (!answer?.entity) throw noData();
    return answer.entity;
  },
  async update<T>(collection: string, id: string, body: object): Promise<T> {
    const answer = await api.put<{ entity?: T }>(`/api/${collection}/${encodeURIComponent(id)}`, body);
    if (!answer?.entity) throw noData();
    return answer.entity;
  },
  remove: (collection: string, id: string) =>
    api.delete<void>(`/api/${collection}/${encodeURIComponent(id)}`),
};

/** "Update sends only changed fields" (000 §7): the edited values that differ from the loaded ones. */
export function changedFields<T extends Record<string, unknown>>(
  original: Partial<T>,
  edited: T,
): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of Object.keys(edited) as (keyof T)[]) {
    if (!Object.is(original[key] ?? null, edited[key] ?? null)) changes[key] = edited[key];
  }
  return changes;
}

/**
 * 000 §4: a paged list reports the last page once the current page reaches it; a page asked for
 * beyond the end is shown as the last one.
 */
export function clampPage(requested: number, lastPage: number): number {
  if (!Number.isFinite(requested) || requested < 1) return 1;
  return Math.min(Math.floor(requested), Math.max(1, lastPage));
}
