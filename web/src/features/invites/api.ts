import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { records } from '../../shared/api';
import type { Invite } from './model';

export const PAGE_SIZE = 25;

export const inviteKeys = {
  pages: ['invites', 'page'] as const,
  page: (page: number) => ['invites', 'page', page] as const,
  one: (id: string) => ['invites', 'one', id] as const,
};

export const invitesPageQuery = (page: number) =>
  queryOptions({
    queryKey: inviteKeys.page(page),
    queryFn: ({ signal }) => records.page<Invite>('invite-codes', { page, limit: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

export const inviteQuery = (id: string) =>
  queryOptions({
    queryKey: inviteKeys.one(id),
    queryFn: ({ signal }) => records.get<Invite>('invite-codes', id, signal),
  });

export const invitesApi = {
  create: (body: object) => records.create<Invite>('invite-codes', body),
  update: (id: string, body: object) => records.update<Invite>('invite-codes', id, body),
  remove: (id: string) => records.remove('invite-codes', id),
};
