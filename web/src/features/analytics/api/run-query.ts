import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '../../../shared/api';
import type { QueryResult } from './types';

/** An analyst's query may scan a lot: more time than the client's default 15 s before giving up. */
const QUERY_TIMEOUT_MS = 120_000;

export interface QueryRequest {
  sql: string;
  params?: Record<string, unknown>;
}

export async function runQuery(body: QueryRequest): Promise<QueryResult> {
  const answer = await api.post<{ entity?: QueryResult }>('/api/analytics/query', body, {
    timeoutMs: QUERY_TIMEOUT_MS,
  });
  if (!answer?.entity) throw new ApiError('http', 'No data in fetch response', 200);
  return answer.entity;
}

/**
 * A run is a mutation: it is asked for by a click (or Ctrl+Enter), never refetched behind the user. Its
 * refusal is shown under the editor, not as a toast too.
 */
export function useRunQuery() {
  return useMutation({ mutationFn: runQuery, meta: { errorToast: false } });
}
