import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../shared/api';
import type { Health } from '../types';

/** How often the status page asks again: fresh enough to watch a restart, cheap for the server. */
export const HEALTH_REFRESH_MS = 5_000;

export async function getHealth({ signal }: { signal?: AbortSignal } = {}): Promise<Health> {
  try {
    return await api.get<Health>('/health', { signal });
  } catch (error) {
    // A platform with a component down answers 503 with the same body: that is a report to show.
    if (isApiError(error) && error.kind === 'http' && isHealth(error.body)) return error.body;
    throw error;
  }
}

function isHealth(body: unknown): body is Health {
  if (typeof body !== 'object' || body === null) return false;
  const candidate = body as Partial<Health>;
  return (
    typeof candidate.status === 'string' &&
    Array.isArray(candidate.components) &&
    Array.isArray(candidate.projections)
  );
}

export const healthQueryKey = ['health'] as const;

export function getHealthQueryOptions() {
  return queryOptions({
    queryKey: healthQueryKey,
    queryFn: ({ signal }) => getHealth({ signal }),
    refetchInterval: HEALTH_REFRESH_MS,
    // The page itself says when the platform does not answer; a toast every 5 s would only nag.
    meta: { errorToast: false },
  });
}

export function useHealth() {
  return useQuery(getHealthQueryOptions());
}
