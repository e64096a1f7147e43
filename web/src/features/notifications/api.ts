import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api';
import type { Notification } from './model';

export interface NotificationsPage {
  items: Notification[];
  total: number;
  unread: number;
}

export const notificationKeys = { list: ['notifications', 'list'] as const };

/** The newest thirty, unread first, with the unread count for the badge. */
export const notificationsQuery = queryOptions({
  queryKey: notificationKeys.list,
  queryFn: async ({ signal }): Promise<NotificationsPage> => {
    const answer = await api.get<{ entities: { data: Notification[]; total: number }; unread: number }>(
      '/api/notifications',
      { query: { page: 1, limit: 30, orderBy: 'unread' }, signal },
    );
    return { items: answer.entities.data, total: answer.entities.total, unread: answer.unread };
  },
  staleTime: 30_000,
});

export const notificationsApi = {
  markRead: (id: string | number) =>
    api.put<{ entity: Notification; unread: number }>(`/api/notifications/${encodeURIComponent(id)}`, {
      is_read: true,
    }),
  markAllRead: () => api.post<{ unread: number }>('/api/notifications/read-all.json'),
};

/** A pushed notification joins the list at once; the next fetch brings the server's own copy. */
export function addLiveNotification(client: QueryClient, item: Notification): void {
  client.setQueryData<NotificationsPage>(notificationKeys.list, (page) => {
    if (!page) return page;
    if (page.items.some((i) => i.id === item.id)) return page;
    return { items: [item, ...page.items], total: page.total + 1, unread: page.unread + 1 };
  });
}
