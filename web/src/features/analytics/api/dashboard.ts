import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../../../shared/api';
import type { Dashboard, DashboardFilters } from './types';

export const dashboardKeys = {
  all: ['analytics', 'dashboard'] as const,
  one: (filters: DashboardFilters) => [...dashboardKeys.all, filters] as const,
};

export async function fetchDashboard(filters: DashboardFilters, signal?: AbortSignal): Promise<Dashboard> {
  const answer = await api.get<{ entity?: Dashboard }>('/api/analytics/dashboard', {
    query: { from: filters.from, to: filters.to, assignment_id: filters.assignment_id || undefined },
    signal,
  });
  if (!answer?.entity) throw new ApiError('http', 'No data in fetch response', 200);
  return answer.entity;
}

/** The dashboards of a period; the previous numbers stay on screen while new filters load. */
export function dashboardQuery(filters: DashboardFilters) {
  return queryOptions({
    queryKey: dashboardKeys.one(filters),
    queryFn: ({ signal }) => fetchDashboard(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    // The page shows the failure itself.
    meta: { errorToast: false },
  });
}
