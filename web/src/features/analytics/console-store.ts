import { create } from 'zustand';
import type { ChartSettings, SavedQuery } from './api/types';
import { EXAMPLE_QUERIES } from './model/examples';

/**
 * The console's draft (UI state, so zustand): the text and chart being worked on and the saved query
 * they came from. It outlives the page, so a look at the dashboards does not lose an unsaved query.
 */
interface ConsoleDraft {
  sql: string;
  /** The chart chosen for this draft; undefined lets a new result choose its own. */
  chart: ChartSettings | undefined;
  /** The saved query being edited, if any. */
  opened: Pick<SavedQuery, 'id' | 'name'> | null;
  setSql: (sql: string) => void;
  setChart: (chart: ChartSettings) => void;
  open: (query: Pick<SavedQuery, 'id' | 'name' | 'sql' | 'chart'>) => void;
  start: (sql: string, chart?: ChartSettings) => void;
  rename: (name: string) => void;
}

export const useConsoleDraft = create<ConsoleDraft>((set) => ({
  sql: EXAMPLE_QUERIES[0]!.sql,
  chart: EXAMPLE_QUERIES[0]!.chart,
  opened: null,
  setSql: (sql) => set({ sql }),
  setChart: (chart) => set({ chart }),
  open: (query) => set({ sql: query.sql, chart: query.chart, opened: { id: query.id, name: query.name } }),
  start: (sql, chart) => set({ sql, chart, opened: null }),
  rename: (name) => set((state) => (state.opened ? { opened: { ...state.opened, name } } : {})),
}));
