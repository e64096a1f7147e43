import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { records } from '../../shared/api';
import { toPerson, type PeopleCollection, type PersonEntity } from './model';

export const PAGE_SIZE = 25;

export const peopleKeys = {
  all: (collection: PeopleCollection) => ['people', collection] as const,
  pages: (collection: PeopleCollection) => ['people', collection, 'page'] as const,
  page: (collection: PeopleCollection, page: number, query: string) =>
    ['people', collection, 'page', page, query] as const,
  one: (collection: PeopleCollection, id: string) => ['people', collection, 'one', id] as const,
};

export function peoplePageQuery(collection: PeopleCollection, page: number, query: string) {
  return queryOptions({
    queryKey: peopleKeys.page(collection, page, query),
    queryFn: async ({ signal }) => {
      const answer = await records.page<PersonEntity>(
        collection,
        { page, limit: PAGE_SIZE, ...(query ? { query } : {}) },
        signal,
      );
      return { ...answer, data: answer.data.map(toPerson) };
    },
    // The table keeps the previous page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function personQuery(collection: PeopleCollection, id: string) {
  return queryOptions({
    queryKey: peopleKeys.one(collection, id),
    queryFn: async ({ signal }) => toPerson(await records.get<PersonEntity>(collection, id, signal)),
  });
}

export const peopleApi = {
  create: async (collection: PeopleCollection, body: object) =>
    toPerson(await records.create<PersonEntity>(collection, body)),
  update: async (collection: PeopleCollection, id: string, body: object) =>
    toPerson(await records.update<PersonEntity>(collection, id, body)),
  deactivate: (collection: PeopleCollection, id: string) => records.remove(collection, id),
};
