import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { records } from '../../shared/api';

export interface Region {
  id: string;
  name: string;
  description: string | null;
}

export interface City {
  id: string;
  region_id: string | null;
  slug: string;
  name: string;
  description: string | null;
  is_default: boolean;
}

/** A school of the platform (`/api/schools`, the admin's; 000 §3). */
export interface School {
  id: string;
  name: string;
  type: string;
  short_description: string | null;
  email: string | null;
  website: string | null;
  call_center_phone: string | null;
  region_id: string | null;
}

export type ReferenceCollection = 'regions' | 'cities' | 'schools';
export const REFERENCE_PAGE_SIZE = 25;

export const referenceKeys = {
  all: (collection: ReferenceCollection) => ['reference', collection] as const,
};

export function referencePageQuery<T>(collection: ReferenceCollection, page: number) {
  return queryOptions({
    queryKey: [...referenceKeys.all(collection), 'page', page],
    queryFn: ({ signal }) => records.page<T>(collection, { page, limit: REFERENCE_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}

export function referenceOneQuery<T>(collection: ReferenceCollection, id: string) {
  return queryOptions({
    queryKey: [...referenceKeys.all(collection), 'one', id],
    queryFn: ({ signal }) => records.get<T>(collection, id, signal),
  });
}

/** Every region, for the city form's choice (the list is short: regions of one country). */
export const allRegionsQuery = queryOptions({
  queryKey: [...referenceKeys.all('regions'), 'all'],
  queryFn: ({ signal }) => records.list<Region>('regions', { orderBy: 'name' }, signal),
  staleTime: 60_000,
});
