import type { DetectorOutcome } from '@sabaq/events';
import { z } from 'zod';
import { ForbiddenError } from '../../platform/errors';
import type { CollectionDefinition, Row } from '../../platform/http/records/collection';
import { aiCredibility, intervalView, summarize, type ReportDiff, type ReportInterval } from './report';
import { REPORT_COLUMNS, TABLES } from './tables';

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

/** The AI report as the teacher reads it: summary per type, intervals with thumbnails, score, models, diff. */
export function reportEntity(row: Row): Record<string, unknown> {
  const intervals = (row.intervals ?? []) as ReportInterval[];
  return {
    id: row.id,
    session_id: row.session_id,
    version: row.run,
    assignment_id: row.assignment_id,
    assignment_attempt_id: row.assignment_attempt_id,
    student_id: row.student_id,
    session_type: row.session_type,
    status: row.status,
    progress: row.progress,
    failure: row.failure,
    duration: row.duration,
    frames: row.frames,
    audio_seconds: row.audio_seconds,
    models: row.models,
    // Which detectors ran and which could not, with why (null on reports completed before it was kept).
    detectors: (row.detectors ?? null) as DetectorOutcome[] | null,
    // Who asked for this run; null: the server, once the recording was converted.
    requested_by: row.requested_by ?? null,
    summary: summarize(intervals),
    intervals: intervals.map((interval, index) => ({
      ...intervalView(interval),
      thumb_url: interval.thumb_key ? `/api/ai-reports/${String(row.id)}/thumbs/${index}.jpg` : null,
    })),
    credibility: aiCredibility(intervals),
    diff: (row.diff ?? null) as ReportDiff | null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** Reports are made by the analyzer only; the record API reads them. */
export const aiReportsCollection: CollectionDefinition = {
  name: 'ai-reports',
  category: 'analysis',
  table: TABLES.reports,
  projection: 'analysis',
  columns: REPORT_COLUMNS,
  toEntity: reportEntity,
  create: z.strictObject({}),
  update: z.strictObject({}),
  events: { created: 'AiAnalysisStarted', updated: 'AiAnalysisCompleted', deleted: 'AiAnalysisFailed' },
  filters: {
    id: 'string',
    assignment_id: 'string',
    assignment_attempt_id: 'string',
    student_id: 'string',
    session_id: 'string',
    status: 'string',
    run: 'integer',
  },
  sortable: ['created_at', 'run', 'updated_at'],
  defaultOrder: { field: 'created_at', direction: 'desc' },
  paging: { defaultLimit: 25, maxLimit: 100 },
  schoolScoped: true,
  handle: async () => {
    throw new ForbiddenError('Forbidden');
  },
};
