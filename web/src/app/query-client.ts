import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError, showErrorToast } from '../shared/api';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: QueryMeta;
    mutationMeta: QueryMeta;
  }
}

interface QueryMeta extends Record<string, unknown> {
  /** false for screens that show their own failure state, so the user is not told twice. */
  errorToast?: boolean;
}

/** Unanswered requests are retried after a second, twice; an error answer will not change on retry. */
const MAX_RETRIES = 2;
const RETRY_DELAY_MS = 1_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.errorToast !== false) showErrorToast(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.errorToast !== false) showErrorToast(error);
      },
    }),
    defaultOptions: {
      queries: {
        retry: (failures, error) => isApiError(error) && error.isUnanswered && failures < MAX_RETRIES,
        retryDelay: RETRY_DELAY_MS,
      },
      mutations: { retry: false },
    },
  });
}
