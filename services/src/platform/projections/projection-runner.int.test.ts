import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionEvents, attemptStream } from '../../../../tests/support/events';
import {
  eventually,
  storeAndReadModels,
  type StoreAndReadModels,
} from '../../../../tests/support/platform-fixture';
import { proctoringContext } from '../../contexts/proctoring';
import { proctoringActionsProjection } from '../../contexts/proctoring/actions/projection';
import { loadCheckpoint } from '../read-models/checkpoints';
import type { Projection } from './projection';
import { ProjectionRunner, resetProjection } from './projection-runner';

/**
 * A deliberately non-idempotent projection: it adds one per event to a per-attempt counter. If the
 * runner ever applied a batch twice, the totals would exceed the number of events.
 */
const countingProjection: Projection = {
  name: 'proctoring.action_counts',
  version: 1,
  handles: ['ProctoringActionRecorded'],
  async apply(tx, events) {
    for (const event of events) {
      const attemptId = (event.data as { attemptId: string }).attemptId;
      await sql`INSERT INTO action_counts (attempt_id, n) VALUES (${attemptId}, 1)
        ON CONFLICT (attempt_id) DO UPDATE SET n = action_counts.n + 1`.execute(tx);
    }
  },
  async reset(tx) {
    await sql`DELETE FROM action_counts`.execute(tx);
  },
};

const countMigration = {
  '0900_action_counts': {
    async up(db: Kysely<unknown>) {
      await sql`CREATE TABLE action_counts (attempt_id text PRIMARY KEY, n integer NOT NULL)`.execute(db);
    },
  },
};

async function totalCount(env: StoreAndReadModels): Promise<number> {
  const result = await sql<{ total: string | null }>`SELECT sum(n) AS total FROM action_counts`.execute(
    env.db,
  );
  return Number(result.rows[0]?.total ?? 0);
}

async function actionRows(env: StoreAndReadModels): Promise<number> {
  const row = await env.db
    .selectFrom('proctoring_actions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

describe('projection runner', () => {
  let env: StoreAndReadModels;
  beforeAll(async () => {
    env = await storeAndReadModels({ ...proctoringContext.migrations, ...countMigration });
  });
  afterAll(async () => {
    await env.close();
  });

  it('projects the log and saves the checkpoint with the rows', async () => {
    const stream = attemptStream();
    await env.store.append(stream, actionEvents(stream, 7));
    const runner = new ProjectionRunner({
      store: env.store,
      db: env.db,
      projections: [proctoringActionsProjection],
    });
    await runner.start();
    await runner.caughtUp();
    await runner.stop();
    expect(await actionRows(env)).toBe(7);
    const checkpoint = await loadCheckpoint(env.db, proctoringActionsProjection.name);
    expect(checkpoint).toEqual({ position: await env.store.headPosition(), version: 1 });
    const states = runner.states();
    expect(states[0]?.position).toBe(checkpoint?.position);
  });

  it('never applies a batch twice, even with two runners on the same read model', async () => {
    const streams = [attemptStream(), attemptStream(), attemptStream()];
    const runners = [0, 1].map(
      () =>
        new ProjectionRunner({
          store: env.store,
          db: env.db,
          projections: [countingProjection],
          batchSize: 5,
        }),
    );
    await Promise.all(runners.map((r) => r.start()));
    let appended = 0;
    for (let round = 0; round < 10; round++) {
      for (const stream of streams) {
        await env.store.append(stream, actionEvents(stream, 3));
        appended += 3;
      }
    }
    // Both runners reach the head of the log; only then is every append safe to read back.
    await Promise.all(runners.map((r) => r.caughtUp()));
    await Promise.all(runners.map((r) => r.stop()));
    const total = await env.store.readAll({ maxCount: 100_000 });
    expect(appended).toBe(90);
    expect(await totalCount(env)).toBe(total.length);
  });

  it('rebuilds from zero when the projection version changes', async () => {
    await sql`UPDATE proctoring_actions SET action_type = 'tampered'`.execute(env.db);
    const v2: Projection = { ...proctoringActionsProjection, version: 2 };
    const runner = new ProjectionRunner({ store: env.store, db: env.db, projections: [v2] });
    await runner.start();
    await runner.caughtUp();
    await runner.stop();
    const tampered = await env.db
      .selectFrom('proctoring_actions')
      .select('id')
      .where('action_type', '=', 'tampered')
      .execute();
    expect(tampered).toHaveLength(0);
    expect((await loadCheckpoint(env.db, v2.name))?.version).toBe(2);
  });

  it('follows a rebuild started while it runs and ends equal to the log', async () => {
    const runner = new ProjectionRunner({
      store: env.store,
      db: env.db,
      projections: [countingProjection],
      watchIntervalMs: 50,
    });
    await runner.start();
    await runner.caughtUp();
    const events = (await env.store.readAll({ maxCount: 100_000 })).length;
    await resetProjection(env.db, countingProjection);
    await eventually(
      () => totalCount(env),
      (n) => n === events,
    );
    await runner.caughtUp();
    await runner.stop();
    expect(await totalCount(env)).toBe(events);
  });

  it('retries a failing batch without losing or repeating events', async () => {
    let failures = 0;
    const flaky: Projection = {
      ...countingProjection,
      name: 'proctoring.action_counts_flaky',
      async apply(tx, events) {
        await countingProjection.apply(tx, events);
        // Fails after writing: the transaction must roll the writes back with the checkpoint.
        if (failures++ < 2) throw new Error('read model briefly unavailable');
      },
    };
    await sql`DELETE FROM action_counts`.execute(env.db);
    const runner = new ProjectionRunner({ store: env.store, db: env.db, projections: [flaky] });
    await runner.start();
    await runner.caughtUp();
    await runner.stop();
    expect(failures).toBeGreaterThan(2);
    expect(await totalCount(env)).toBe((await env.store.readAll({ maxCount: 100_000 })).length);
  });
});
