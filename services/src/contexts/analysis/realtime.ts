import type { Push } from '@sabaq/events';
import { withTables } from '../../platform/read-models/database';
import type { ContextServices } from '../../platform/context';
import { pushMapper, type RealtimeContribution } from '../../platform/realtime/contribution';
import { reportId } from './ids';
import { TABLES, type AnalysisTables } from './tables';

const STAFF = new Set(['admin', 'manager', 'teacher', 'proctor']);

/**
 * `analysis.{reportId}`: an AI report being made, for the staff of the report's school (who read the
 * report itself). AnalysisProgressed from the start (0 %) in steps of 10 %, then AnalysisFinished.
 */
export function analysisRealtime(services: Pick<ContextServices, 'db'>): RealtimeContribution {
  return {
    channels: [
      {
        pattern: 'analysis.{id}',
        async authorize(caller, { id }) {
          if (!STAFF.has(caller.group) || caller.schoolId === null) return false;
          const row = await withTables<AnalysisTables>(services.db)
            .selectFrom(TABLES.reports)
            .select(['school_id'])
            .where('id', '=', id!)
            .executeTakeFirst();
          return row !== undefined && row.school_id === caller.schoolId;
        },
      },
    ],
    pushes: [
      pushMapper({
        eventTypes: ['AiAnalysisStarted', 'AiAnalysisProgressed', 'AiAnalysisCompleted', 'AiAnalysisFailed'],
        map(event): Push[] {
          const { session_id, run } = event.data;
          const report_id = reportId(session_id, run);
          const channel = `analysis.${report_id}` as const;
          const subject = { report_id, session_id, run };
          switch (event.type) {
            case 'AiAnalysisStarted':
              return [{ channel, event: 'AnalysisProgressed', data: { ...subject, percent: 0 } }];
            case 'AiAnalysisProgressed':
              return [
                { channel, event: 'AnalysisProgressed', data: { ...subject, percent: event.data.percent } },
              ];
            case 'AiAnalysisCompleted':
              return [
                {
                  channel,
                  event: 'AnalysisFinished',
                  data: {
                    ...subject,
                    status: 'completed',
                    violations: event.data.violations,
                    reason: null,
                  },
                },
              ];
            default:
              return [
                {
                  channel,
                  event: 'AnalysisFinished',
                  data: { ...subject, status: 'failed', violations: null, reason: event.data.reason },
                },
              ];
          }
        },
      }),
    ],
  };
}
