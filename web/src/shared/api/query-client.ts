import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError, showErrorToast } from './';

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

/** The platform refuses every call but the challenge ones while a challenge is pending (docs/identity.md). */
const CHALLENGE_PENDING = 1201;

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (challengePending(client, error)) return;
        if (query.meta?.errorToast !== false) showErrorToast(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (challengePending(client, error)) return;
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
  return client;
}

/** A challenge was assigned meanwhile: read the user again, and the challenge modal takes over. */
function challengePending(client: QueryClient, error: unknown): boolean {
  if (!isApiError(error) || error.statusCode !== CHALLENGE_PENDING) return false;
  void client.invalidateQueries({ queryKey: ['session', 'user'] });
  return true;
}

/** One client for the app: route loaders (guards) and components read the same cache. */
export const queryClient = createQueryClient();
