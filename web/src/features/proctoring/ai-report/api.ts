import { queryOptions } from '@tanstack/react-query';
import { api, records } from '../../../shared/api';

export type AiViolationType =
  | 'face_missing'
  | 'many_faces'
  | 'too_far'
  | 'head_turned'
  | 'eye_away'
  | 'face_mismatch'
  | 'speech'
  | 'noise'
  | 'prohibited_objects';

export interface AiInterval {
  type: AiViolationType;
  start: number;
  end: number;
  duration: number;
  duration_text: string;
  duration_class: 'seconds' | 'minutes' | 'hours';
  confidence: number;
  peak: number;
  thumb_url: string | null;
}

/** Why a detector could not run (docs/ai-analysis.md, "Detectors that ran"). */
export type DetectorSkipReason =
  'model_missing' | 'no_identity_photo' | 'no_face_on_identity_photo' | 'no_audio';

export interface DetectorOutcome {
  type: AiViolationType;
  ran: boolean;
  reason: DetectorSkipReason | null;
}

export interface AiReport {
  id: string;
  session_id: string;
  version: number;
  session_type: string;
  status: 'pending' | 'in_process' | 'completed' | 'failed';
  progress: number;
  failure: string | null;
  duration: number | null;
  models: string[];
  /** null on reports completed before the server kept it. */
  detectors: DetectorOutcome[] | null;
  /** Who asked for this run; null: the server, once the recording was converted. */
  requested_by: string | null;
  summary: {
    type: AiViolationType;
    count: number;
    total_seconds: number;
    total_text: string;
    strongest: number;
  }[];
  intervals: AiInterval[];
  credibility: {
    score: number;
    contributions: { type: AiViolationType; intervals: number; seconds: number; points: number }[];
  };
  diff: {
    previous_run: number;
    added: unknown[];
    removed: unknown[];
    changed: unknown[];
    score_before: number;
    score_after: number;
  } | null;
  created_at: string;
}

export const aiReportKeys = {
  attempt: (attemptId: string) => ['ai-reports', 'attempt', attemptId] as const,
};

const finished = (report: AiReport) => report.status === 'completed' || report.status === 'failed';

/** Every AI report of an attempt, newest version first; refreshed every 2 s while one is being made. */
export function attemptAiReportsQuery(attemptId: string) {
  return queryOptions({
    queryKey: aiReportKeys.attempt(attemptId),
    queryFn: ({ signal }) =>
      records.list<AiReport>(
        'ai-reports',
        { filter: { assignment_attempt_id: attemptId }, orderBy: 'run', sortedBy: 'desc' },
        signal,
      ),
    refetchInterval: (query) => (query.state.data?.some((r) => !finished(r)) ? 2000 : false),
  });
}

/** Analysis, or another run of it (a new version), of every camera recording of the attempt. */
export const requestAiAnalysis = (attemptId: string) =>
  api.post<{ entities: AiReport[] }>('/api/ai-reports/request.json', { assignment_attempt_id: attemptId });
