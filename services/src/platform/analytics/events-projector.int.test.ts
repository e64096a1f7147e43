import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { createRegistry } from '@sabaq/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionEvents, attemptStream } from '../../../../tests/support/events';
import { storeAndReadModels, type StoreAndReadModels } from '../../../../tests/support/platform-fixture';
import { saveCheckpoint } from '../read-models/checkpoints';
import { ClickHouseAnalytics } from './clickhouse-analytics';
import { ANALYTICS_EVENTS, AnalyticsEventsProjector } from './events-projector';
import { migrateAnalytics } from './migrations';

describe('analytics events projector (chdb)', () => {
  let env: StoreAndReadModels;
  let analytics: ClickHouseAnalytics;
  beforeAll(async () => {
    env = await storeAndReadModels();
    analytics = ClickHouseAnalytics.embedded({ path: await mkdtemp(path.resolve('.tmp/chdb-')) });
    await migrateAnalytics(analytics);
  });
  afterAll(async () => {
    await analytics.close();
    await env.close();
  });

  const countFinal = async () =>
    Number((await analytics.query<{ n: string }>('SELECT count() AS n FROM events FINAL'))[0]?.n ?? 0);

  it('copies every event once, and a replay from zero folds into the same rows', async () => {
    const streams = [attemptStream(), attemptStream()];
    for (const stream of streams) await env.store.append(stream, actionEvents(stream, 25));
    const projector = () =>
      new AnalyticsEventsProjector({ store: env.store, analytics, db: env.db, registry: createRegistry() });
    const first = projector();
    await first.start();
    await first.caughtUp();
    await first.stop();
    expect(await countFinal()).toBe(50);
    expect(first.position()).toBe(await env.store.headPosition());

    const rows = await analytics.query<{ context: string; type: string; school_id: string; action: string }>(
      `SELECT context, type, school_id, JSONExtractString(data, 'actionType') AS action
         FROM events FINAL WHERE stream_id = {stream:String} LIMIT 1`,
      { stream: streams[0] },
    );
    expect(rows[0]).toEqual({
      context: 'proctoring',
      type: 'ProctoringActionRecorded',
      school_id: 'school-1',
      action: 'focus_lost',
    });

    // A crash before the checkpoint moved: the next run replays everything it had already written.
    await saveCheckpoint(env.db, ANALYTICS_EVENTS.name, 0n, ANALYTICS_EVENTS.version);
    const again = projector();
    await again.start();
    await again.caughtUp();
    await again.stop();
    expect(await countFinal()).toBe(50);
  });
});
