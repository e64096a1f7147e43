import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { createRegistry } from '@sabaq/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClickHouseAnalytics } from '../../../services/src/platform/analytics/clickhouse-analytics';
import { AnalyticsEventsProjector } from '../../../services/src/platform/analytics/events-projector';
import { migrateAnalytics } from '../../../services/src/platform/analytics/migrations';
import { tokenFor } from '../records/records-app';
import { caller } from '../schools/contexts-app';
import { startProctoringApp, type ProctoringApp } from './proctoring-app';
import { analyticsMigrationsOf } from '../../../services/src/platform/context';
import { contexts } from '../../../services/src/contexts';

/**
 * The violations dashboard from ClickHouse (chdb) against the read model: the same counts per type as
 * the action list, per school only, and for a teacher only the assignments they watch.
 */
let env: ProctoringApp;
let analytics: ClickHouseAnalytics;
let projector: AnalyticsEventsProjector;
let assignment: string;
const teacher = tokenFor('teacher', 'school-a');
const colleague = tokenFor('teacher', 'school-a', 2);
const analyst = tokenFor('analyst', 'school-a');
const outsideAnalyst = tokenFor('analyst', 'school-b');
const student = tokenFor('student', 'school-a');

const call = caller<Record<string, unknown>>(() => env.app);

beforeAll(async () => {
  analytics = ClickHouseAnalytics.embedded({
    path: await mkdtemp(path.resolve('.tmp/chdb-proctoring-api-')),
  });
  await migrateAnalytics(analytics, analyticsMigrationsOf(contexts));
  env = await startProctoringApp({ analytics });
  projector = new AnalyticsEventsProjector({
    store: env.store,
    analytics,
    db: env.db,
    registry: createRegistry(),
  });
  await projector.start();
  const made = await call('POST', '/api/assignments', teacher, {
    type: 'external',
    name: 'Экзамен',
    students: ['student-school-a-1'],
  });
  assignment = (made.body.entity as { id: string }).id;
  const attempt = (
    (await call('POST', '/api/assignment-attempts', student, { assignment_id: assignment })).body.entity as {
      id: string;
    }
  ).id;
  const types = ['focus_lost', 'focus_lost', 'face_missing', 'noise', 'second_monitor', 'session_started'];
  const sent = await call('POST', '/api/assignment/actions/batch', student, {
    actions: types.map((action_type, i) => ({
      id: `a-${i}`,
      assignment_id: assignment,
      assignment_attempt_id: attempt,
      action_type,
    })),
  });
  expect(sent.status).toBe(201);
  await env.caughtUp();
  await projector.caughtUp();
}, 120_000);
afterAll(async () => {
  await projector?.stop();
  await env?.close();
  await analytics?.close();
});

describe('the violations dashboard', () => {
  it('counts per type what the read model lists', async () => {
    const report = await call(
      'GET',
      `/api/proctoring/analytics/violations?assignment_id=${assignment}`,
      analyst,
    );
    expect(report.status).toBe(200);
    const byType = (report.body.entity as { by_type: { action_type: string; actions: number }[] }).by_type;
    const listed = (await call('GET', `/api/assignment/actions/${assignment}.json`, teacher)).body
      .entities as {
      action_type: string;
      is_warning: boolean;
    }[];
    const fromReadModel = new Map<string, number>();
    for (const a of listed.filter((a) => ['focus_lost', 'face_missing', 'noise'].includes(a.action_type))) {
      fromReadModel.set(a.action_type, (fromReadModel.get(a.action_type) ?? 0) + 1);
    }
    expect(Object.fromEntries(byType.map((t) => [t.action_type, t.actions]))).toEqual(
      Object.fromEntries(fromReadModel),
    );
    const whole = await call('GET', '/api/proctoring/analytics/violations', analyst);
    expect(
      (whole.body.entity as { by_hour: { actions: number }[] }).by_hour.reduce((n, h) => n + h.actions, 0),
    ).toBe(4);
  });

  it('shows another school nothing, a teacher only what they watch, a student nothing', async () => {
    const outside = await call('GET', '/api/proctoring/analytics/violations', outsideAnalyst);
    expect(outside.body.entity).toMatchObject({ by_type: [], by_hour: [] });
    expect(
      (await call('GET', `/api/proctoring/analytics/violations?assignment_id=${assignment}`, outsideAnalyst))
        .status,
    ).toBe(404);
    expect(
      (await call('GET', `/api/proctoring/analytics/violations?assignment_id=${assignment}`, colleague))
        .status,
    ).toBe(404);
    expect(
      (await call('GET', `/api/proctoring/analytics/violations?assignment_id=${assignment}`, teacher)).status,
    ).toBe(200);
    expect((await call('GET', '/api/proctoring/analytics/violations', teacher)).status).toBe(422);
    expect((await call('GET', '/api/proctoring/analytics/violations', student)).status).toBe(403);
  });
});
