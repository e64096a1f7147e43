/** Pages scroll to the top on navigation, except when only the query changed (filters, paging). */
export function shouldScrollToTop(previousPathname: string | null, nextPathname: string): boolean {
  return previousPathname !== null && previousPathname !== nextPathname;
}

/** A failed chunk download reloads the page, at most once a minute, so a broken deploy cannot loop. */
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(message);
}

export function mayReloadForChunk(now: number, lastReloadAt: number | null): boolean {
  return lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_INTERVAL_MS;
}
