export interface Page {
  current_page: number;
  last_page: number;
  total: number;
  per_page: number;
}

/**
 * The paging math of the specification: the last page is never below 1, and a page past the end is
 * answered as the last page ("reports the last page when the current page reaches the total").
 */
export function pageOf(total: number, requestedPage: number, perPage: number): Page & { offset: number } {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const currentPage = Math.min(Math.max(1, requestedPage), lastPage);
  return {
    current_page: currentPage,
    last_page: lastPage,
    total,
    per_page: perPage,
    offset: (currentPage - 1) * perPage,
  };
}
