import { analyticsQuerySchema, streamId, type AnalyticsQueryRecord } from '@sabaq/events';
import type { ContextServices } from '../../../platform/context';
import { uuidV5 } from '../../../platform/ids';
import { DEMO_SCHOOL_ID, demoUserId } from '../../identity/seed';
import { analyticsQueries } from './collection';

/** The demo analyst's saved queries: something to open on the saved-queries page of a fresh demo. */
const DEMO_QUERIES: AnalyticsQueryRecord[] = [
  {
    name: 'Нарушения по типам',
    sql: `SELECT action_type, count() AS actions, uniqExact(attempt_id) AS attempts
FROM proctoring_actions
WHERE is_warning = 0
GROUP BY action_type
ORDER BY actions DESC`,
    chart: { type: 'bar', x: 'action_type', y: 'actions' },
  },
  {
    name: 'Время выполнения попыток, минуты',
    sql: `SELECT intDiv(duration_seconds, 300) * 5 AS minutes, count() AS attempts
FROM assignment_attempts
WHERE duration_seconds IS NOT NULL
GROUP BY minutes
ORDER BY minutes`,
    chart: { type: 'bar', x: 'minutes', y: 'attempts' },
  },
];

export const demoQueryId = (name: string) => uuidV5(`demo-analytics-query:${name}`);

/**
 * Appends each demo query's Created event under a fixed id, only when its stream is absent, so a second
 * start changes nothing and never brings back a query the analyst deleted or undoes an edit.
 */
export async function seedAnalyticsDemo(services: Pick<ContextServices, 'store' | 'clock' | 'demo'>) {
  if (!services.demo) return;
  const { category, events } = analyticsQueries.collection;
  for (const record of DEMO_QUERIES) {
    const id = demoQueryId(record.name);
    const stream = streamId(category, id);
    if ((await services.store.streamVersion(stream)) >= 0) continue;
    await services.store.append(
      stream,
      [
        {
          id: uuidV5(`demo-analytics-query:${id}:created`),
          type: events.created,
          data: { ...analyticsQuerySchema.parse(record), id },
          metadata: {
            userId: demoUserId('analyst'),
            schoolId: DEMO_SCHOOL_ID,
            occurredAt: services.clock().toISOString(),
          },
        },
      ],
      { expectedVersion: 'no_stream' },
    );
  }
}
