import type { ServerEventMap } from '@sabaq/events';
import { create } from 'zustand';

export type LiveNotification = ServerEventMap['NotificationCreated']['notification'];

/** Notifications pushed while the page is open (000 §7: NotificationCreated appends an item). */
export const useNotificationFeed = create<{ items: LiveNotification[]; add(item: LiveNotification): void }>()(
  (set) => ({
    items: [],
    add: (item) => set((state) => ({ items: [item, ...state.items.filter((i) => i.id !== item.id)] })),
  }),
);
