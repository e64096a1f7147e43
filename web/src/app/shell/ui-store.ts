import { create } from 'zustand';

/** 001 §2: the menu's collapsed choice is remembered locally under this key. */
export const COLLAPSED_KEY = 'leftside-collapsed';

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

type Panel = 'notifications' | 'tasks' | null;
type UnavailableSection = 'chat' | 'basket' | null;

interface ShellState {
  /** The desktop menu shows icons only. */
  collapsed: boolean;
  /** The phone menu is slid open (on phones the menu is collapsed away by default). */
  mobileOpened: boolean;
  panel: Panel;
  schoolsOpened: boolean;
  unavailable: UnavailableSection;
  toggleCollapsed(): void;
  setMobileOpened(opened: boolean): void;
  openPanel(panel: Panel): void;
  setSchoolsOpened(opened: boolean): void;
  showUnavailable(section: UnavailableSection): void;
}

export const useShell = create<ShellState>()((set, get) => ({
  collapsed: readCollapsed(),
  mobileOpened: false,
  panel: null,
  schoolsOpened: false,
  unavailable: null,
  toggleCollapsed: () => {
    const collapsed = !get().collapsed;
    try {
      localStorage.setItem(COLLAPSED_KEY, String(collapsed));
    } catch {
      // Not remembered when storage is refused; the choice still holds for this page.
    }
    set({ collapsed });
  },
  setMobileOpened: (mobileOpened) => set({ mobileOpened }),
  openPanel: (panel) => set({ panel }),
  setSchoolsOpened: (schoolsOpened) => set({ schoolsOpened }),
  showUnavailable: (unavailable) => set({ unavailable }),
}));
