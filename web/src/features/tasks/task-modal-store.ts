import { create } from 'zustand';

/** Which task the modal shows: opened from the side panel, or by a wizard that just started one. */
export const useTaskModal = create<{ taskId: string | null; open(id: string): void; close(): void }>(
  (set) => ({
    taskId: null,
    open: (id) => set({ taskId: id }),
    close: () => set({ taskId: null }),
  }),
);
