import { create } from 'zustand';

/**
 * A request to open the personal chat with someone, made by a feature that does not own the chat (the
 * proctoring grid's 'Написать'): the chat feature, mounted in the shell, takes it, opens (or finds) the
 * chat and shows it. Kept in shared so no feature imports another (docs/chat.md).
 */
export const usePersonalChatRequest = create<{
  userId: string | null;
  request(userId: string): void;
  taken(): void;
}>()((set) => ({
  userId: null,
  request: (userId) => set({ userId }),
  taken: () => set({ userId: null }),
}));

/** Opens the personal chat with this person (the header's chat modal takes the request). */
export const requestPersonalChat = (userId: string): void =>
  usePersonalChatRequest.getState().request(userId);
