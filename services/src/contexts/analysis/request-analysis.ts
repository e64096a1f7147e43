import type { ContextServices } from '../../platform/context';
import { analysisStream, derive } from './ids';

export interface AnalysisRequest {
  sessionId: string;
  run: number;
  schoolId: string | null;
  /** The staff member who asked; null: the scheduler, once the recording was converted. */
  by: string | null;
  reason: string | null;
}

/**
 * Asks for one run of a recording's analysis. The event's id names the session and the run only, so
 * two people asking at once, or the scheduler and a teacher, ask for the same run once.
 */
export function requestAnalysis(
  services: Pick<ContextServices, 'store' | 'clock'>,
  request: AnalysisRequest,
) {
  return services.store.append(
    analysisStream(request.sessionId),
    [
      {
        id: derive('analysis-rerun', request.sessionId, request.run),
        type: 'AiAnalysisRequested',
        data: {
          session_id: request.sessionId,
          run: request.run,
          requested_by: request.by,
          reason: request.reason,
        },
        metadata: {
          occurredAt: services.clock().toISOString(),
          ...(request.schoolId ? { schoolId: request.schoolId } : {}),
          ...(request.by ? { userId: request.by } : {}),
        },
      },
    ],
    { expectedVersion: 'any' },
  );
}
