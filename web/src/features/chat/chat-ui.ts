import { create } from 'zustand';

/** Whether the chat modal is open and which chat it shows (the toast's click opens that chat). */
export const useChatUi = create<{
  opened: boolean;
  selected: string | null;
  open(chatId?: string): void;
  close(): void;
  select(chatId: string | null): void;
}>()((set) => ({
  opened: false,
  selected: null,
  open: (chatId) => set((s) => ({ opened: true, selected: chatId ?? s.selected })),
  close: () => set({ opened: false }),
  select: (selected) => set({ selected }),
}));

export const GROUPS_KEY = ['chat', 'groups'] as const;
/** Under the groups' key, so whatever refreshes the group list refreshes the personal one too. */
export const PERSONAL_KEY = ['chat', 'groups', 'personal'] as const;
/** Under the groups' key too: a new personal chat refreshes the focus mode's list of watchers' chats. */
export const WATCHERS_KEY = (assignmentId: string) => ['chat', 'groups', 'watchers', assignmentId] as const;
export const messagesKey = (chatId: string) => ['chat', chatId, 'messages'] as const;
