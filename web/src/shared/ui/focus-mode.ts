import { useEffect } from 'react';
import { create } from 'zustand';

/**
 * The focus mode of a proctored exam (docs/web.md "Focus mode"): while a page holds it, the shell shows
 * nothing that leads away from the exam (no side menu, chat, basket, tasks, language or school
 * switching). A count, not a flag: a quick remount (React StrictMode) holds it again before letting go.
 */
const useFocusStore = create<{ holders: number }>(() => ({ holders: 0 }));

/** Whether a page holds the focus mode now. */
export const useFocusMode = () => useFocusStore((s) => s.holders > 0);

/** Holds the focus mode while the calling component is mounted and `on` is true. */
export function useHoldFocusMode(on = true): void {
  useEffect(() => {
    if (!on) return;
    useFocusStore.setState((s) => ({ holders: s.holders + 1 }));
    return () => useFocusStore.setState((s) => ({ holders: Math.max(0, s.holders - 1) }));
  }, [on]);
}
