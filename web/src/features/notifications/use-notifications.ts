import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { notificationsApi, notificationsQuery } from './api';
import { isStoredNotification, type Notification } from './model';

/**
 * The caller's notifications: the server's list merged with those pushed since it was fetched (live
 * ones first, never twice), the unread count, and the marks. Only stored notifications are kept: a
 * push of another kind (a live notice that was never stored) would vanish at the next reload.
 */
export function useNotifications(live: readonly Notification[], enabled = true) {
  const client = useQueryClient();
  const list = useQuery({ ...notificationsQuery, enabled });
  const data = list.data;
  const merged = useMemo(() => {
    const stored = live.filter(isStoredNotification);
    const fetched = data?.items ?? [];
    const fresh = stored.filter((l) => !fetched.some((f) => f.id === l.id));
    return { items: [...fresh, ...fetched], unread: (data?.unread ?? 0) + fresh.length, fresh };
  }, [live, data]);

  const markRead = useMutation({
    mutationFn: (id: string | number) => notificationsApi.markRead(id),
    onSuccess: async () => client.invalidateQueries({ queryKey: notificationsQuery.queryKey }),
  });
  const markAll = useMutation({
    mutationFn: () => notificationsApi.markAllRead(),
    onSuccess: async () => client.invalidateQueries({ queryKey: notificationsQuery.queryKey }),
  });
  const refetchIfBehind = () => {
    if (merged.fresh.length > 0) void list.refetch();
  };
  return {
    isPending: list.isPending && enabled,
    isError: list.isError,
    items: merged.items,
    unread: merged.unread,
    markRead,
    markAll,
    refetchIfBehind,
  };
}
