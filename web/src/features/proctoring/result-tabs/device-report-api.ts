import { queryOptions } from '@tanstack/react-query';
import type { DeviceReportEntity } from '@sabaq/events';
import { api } from '../../../shared/api';

/** The attempt's device reports from the local agent, newest first (docs/device-agent.md). */
export function deviceReportsQuery(attemptId: string) {
  return queryOptions({
    queryKey: ['assignments', 'device-reports', attemptId] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<{ entities: DeviceReportEntity[] }>('/api/device-agent/reports.json', {
          query: { assignment_attempt_id: attemptId },
          signal,
        })
      ).entities,
  });
}
