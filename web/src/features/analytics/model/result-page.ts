/** Rows of a result shown at once: 10,000 rows are paged, not drawn as one 10,000-row table. */
export const RESULT_PAGE_SIZE = 50;

export function pageCount(rows: number, size = RESULT_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(rows / size));
}

/** The rows of a page (from 1), with the page clamped into range. */
export function pageOfRows<T>(rows: T[], page: number, size = RESULT_PAGE_SIZE): { page: number; rows: T[] } {
  const last = pageCount(rows.length, size);
  const current = Math.min(Math.max(1, Math.floor(page) || 1), last);
  return { page: current, rows: rows.slice((current - 1) * size, current * size) };
}
