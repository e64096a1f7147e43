import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { createRegistry, streamId, type NewEvent } from '@sabaq/events';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeAndReadModels, type StoreAndReadModels } from '../../../../../tests/support/platform-fixture';
import { ClickHouseAnalytics } from '../../../platform/analytics/clickhouse-analytics';
import { ANALYTICS_EVENTS, AnalyticsEventsProjector } from '../../../platform/analytics/events-projector';
import { migrateAnalytics } from '../../../platform/analytics/migrations';
import { saveCheckpoint } from '../../../platform/read-models/checkpoints';
import { violationCounts, violationsPerHour } from './violation-counts';
import { analyticsMigrationsOf } from '../../../platform/context';
import { proctoringContext } from '..';

/**
 * ClickHouse's proctoring_actions, filled through the analytics projection's batches into events and
 * the materialised view: violations per type match what was recorded, once each even after a replay,
 * and one school never sees another's.
 */
/** Every action of the test happens at 09:15, in the 09:00 hour. */
const HOUR = '2026-05-20 09:00:00';

describe('proctoring analytics (chdb)', () => {
  let env: StoreAndReadModels;
  let analytics: ClickHouseAnalytics;
  beforeAll(async () => {
    env = await storeAndReadModels();
    analytics = ClickHouseAnalytics.embedded({ path: await mkdtemp(path.resolve('.tmp/chdb-proctoring-')) });
    await migrateAnalytics(analytics, analyticsMigrationsOf([proctoringContext]));
  });
  afterAll(async () => {
    await analytics?.close();
    await env?.close();
  });

  const action = (school: string, attempt: string, actionType: string, extra: object = {}): NewEvent => ({
    id: randomUUID(),
    type: 'ProctoringActionRecorded',
    data: { assignmentId: 'exam-1', attemptId: attempt, studentId: `s-${attempt}`, actionType, ...extra },
    metadata: { schoolId: school, occurredAt: '2026-05-20T09:15:00.000Z' },
  });
  const projectAll = async () => {
    const projector = new AnalyticsEventsProjector({
      store: env.store,
      analytics,
      db: env.db,
      registry: createRegistry(),
    });
    await projector.start();
    await projector.caughtUp();
    await projector.stop();
  };

  it('counts violations per type from the batches the analytics projection writes', async () => {
    const [a1, a2, b1] = [randomUUID(), randomUUID(), randomUUID()];
    await env.store.append(streamId('proctoring', a1), [
      action('school-a', a1, 'focus_lost'),
      action('school-a', a1, 'focus_lost'),
      action('school-a', a1, 'face_missing', { source: 'server' }),
      action('school-a', a1, 'second_monitor', { isWarning: true }), // a warning, not a violation
      action('school-a', a1, 'proctor_message', { source: 'proctor' }),
    ]);
    await env.store.append(streamId('proctoring', a2), [action('school-a', a2, 'focus_lost')]);
    await env.store.append(streamId('proctoring', b1), [action('school-b', b1, 'many_faces')]);
    await projectAll();
    expect(await violationCounts(analytics, 'school-a')).toEqual([
      { action_type: 'focus_lost', actions: 3, attempts: 2 },
      { action_type: 'face_missing', actions: 1, attempts: 1 },
    ]);
    expect(await violationCounts(analytics, 'school-b', 'exam-1')).toEqual([
      { action_type: 'many_faces', actions: 1, attempts: 1 },
    ]);
    expect(await violationCounts(analytics, 'school-a', 'another-exam')).toEqual([]);
    const [row] = await analytics.query<{ source: string; is_warning: number }>(
      `SELECT source, is_warning FROM proctoring_actions FINAL WHERE action_type = 'face_missing'`,
    );
    expect(row).toEqual({ source: 'server', is_warning: 0 });

    const hourly = async () =>
      (await violationsPerHour(analytics, 'school-a')).map((h) => [
        h.hour,
        h.action_type,
        h.actions,
        h.attempts,
      ]);
    expect(await hourly()).toEqual([
      [HOUR, 'face_missing', 1, 1],
      [HOUR, 'focus_lost', 3, 2],
    ]);
    await env.store.append(streamId('proctoring', a2), [
      {
        id: randomUUID(),
        type: 'ProctoringActivityRecorded',
        data: { assignmentId: 'exam-1', attemptId: a2, studentId: `s-${a2}`, activityType: 'chapter_opened' },
        metadata: { schoolId: 'school-a', occurredAt: '2026-05-20T09:15:00.000Z' },
      },
    ]);

    // A replay from zero (a crash before the checkpoint moved) inserts every row again: counted once.
    await saveCheckpoint(env.db, ANALYTICS_EVENTS.name, 0n, ANALYTICS_EVENTS.version);
    await projectAll();
    expect((await violationCounts(analytics, 'school-a')).map((c) => c.actions)).toEqual([3, 1]);
    expect(await hourly()).toEqual([
      [HOUR, 'face_missing', 1, 1],
      [HOUR, 'focus_lost', 3, 2],
    ]);
    // A condition's begin, heartbeats and end (one interval) count once, in each hour it went on in.
    const phase = (p: string, at: string) =>
      ({
        ...action('school-a', a2, 'face_missing', { condition: { id: 'absent-1', phase: p } }),
        metadata: { schoolId: 'school-a', occurredAt: at },
      }) as NewEvent;
    await env.store.append(streamId('proctoring', a2), [
      phase('begin', '2026-05-20T09:15:00.000Z'),
      phase('heartbeat', '2026-05-20T09:15:05.000Z'),
      phase('heartbeat', '2026-05-20T09:15:10.000Z'),
      phase('end', '2026-05-20T09:15:12.000Z'),
    ]);
    await projectAll();
    expect(await violationCounts(analytics, 'school-a')).toEqual([
      { action_type: 'focus_lost', actions: 3, attempts: 2 },
      { action_type: 'face_missing', actions: 2, attempts: 2 },
    ]);
    expect(await hourly()).toEqual([
      [HOUR, 'face_missing', 2, 2],
      [HOUR, 'focus_lost', 3, 2],
    ]);
    const [phases] = await analytics.query<{ n: string; ids: string[] }>(
      `SELECT count() AS n, groupUniqArray(condition_id) AS ids FROM proctoring_actions FINAL WHERE condition_phase != ''`,
    );
    expect(phases).toEqual({ n: '4', ids: ['absent-1'] });

    const activities = await analytics.query<{ n: string; type: string }>(
      `SELECT count() AS n, any(activity_type) AS type FROM proctoring_activities FINAL WHERE school_id = 'school-a'`,
    );
    expect(activities).toEqual([{ n: '1', type: 'chapter_opened' }]);
  });
});
