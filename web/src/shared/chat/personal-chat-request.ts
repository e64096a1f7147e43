import { create } from 'zustand';

/**
 * A request to open the personal chat with someone, made by a feature that does not own the chat (the
 * proctoring grid's 'Написать'): the chat feature, mounted in the shell, takes it, opens (or finds) the
 * chat and shows it. Kept in shared so no feature imports another (docs/chat.md).
 */
export const usePersonalChatRequest = create<{
  userId: string | null;
  /** The exam the request comes from (the grid's): only its watchers may open the conversation. */
  assignmentId: string | null;
  request(userId: string, assignmentId?: string): void;
  taken(): void;
}>()((set) => ({
  userId: null,
  assignmentId: null,
  request: (userId, assignmentId) => set({ userId, assignmentId: assignmentId ?? null }),
  taken: () => set({ userId: null, assignmentId: null }),
}));

/** Opens the personal chat with this person (the header's chat modal takes the request). */
export const requestPersonalChat = (userId: string, assignmentId?: string): void =>
  usePersonalChatRequest.getState().request(userId, assignmentId);
