import { create } from 'zustand';

/**
 * The player and the timeline talk through this: the timeline asks for a seek (an offset in seconds
 * into the chosen recording), the player reports the exam instant it is showing. UI state only.
 */
interface PlayerState {
  /** Epoch ms of the frame shown, or null when nothing plays. */
  instant: number | null;
  /** A pending seek: `seq` changes on every request, so seeking twice to one place still seeks. */
  seek: { offset: number; seq: number } | null;
  setInstant: (instant: number | null) => void;
  requestSeek: (offset: number) => void;
  reset: () => void;
}

export const usePlayerStore = create<PlayerState>((set, get) => ({
  instant: null,
  seek: null,
  setInstant: (instant) => set({ instant }),
  requestSeek: (offset) => set({ seek: { offset, seq: (get().seek?.seq ?? 0) + 1 } }),
  reset: () => set({ instant: null, seek: null }),
}));
