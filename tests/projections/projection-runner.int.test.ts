import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionEvents, attemptStream } from '../support/events';
import { eventually, storeAndReadModels, type StoreAndReadModels } from '../support/platform-fixture';
import { proctoringContext } from '../../services/src/contexts/proctoring';
import { proctoringActionsProjection } from '../../services/src/contexts/proctoring/actions/projection';
import { loadCheckpoint } from '../../services/src/platform/read-models/checkpoints';
import type { Projection } from '../../services/src/platform/projections/projection';
import { ProjectionRunner, resetProjection } from '../../services/src/platform/projections/projection-runner';

import {
  countingProjection,
  countMigration,
  countCheckpointWrites,
  totalCount,
  actionRows,
} from './runner-fixtures';

describe('projection runner', () => {
  let env: StoreAndReadModels;
  beforeAll(async () => {
    env = await storeAndReadModels({ ...proctoringContext.migrations, ...countMigration });
    await countCheckpointWrites(env);
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
    expect(checkpoint).toEqual({
      position: await env.store.headPosition(),
      version: proctoringActionsProjection.version,
    });
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

  it('holds no transaction id while its batch is applied, so readers of the log are not held back', async () => {
    // Log readers hand out events below the oldest open transaction id (SAFE_TO_READ); a batch that
    // took one at its claim held back the fan-out, the relay and other projections while it ran.
    const seen: (string | null)[] = [];
    const probe: Projection = {
      name: 'test.xid-probe',
      version: 1,
      handles: ['ProctoringActionRecorded'],
      async apply(tx) {
        const { rows } = await sql<{ id: string | null }>`
          SELECT pg_current_xact_id_if_assigned()::text AS id`.execute(tx);
        seen.push(rows[0]!.id);
      },
      async reset() {},
    };
    const stream = attemptStream();
    await env.store.append(stream, actionEvents(stream, 3));
    const runner = new ProjectionRunner({ store: env.store, db: env.db, projections: [probe] });
    await runner.start();
    await runner.caughtUp();
    await runner.stop();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((id) => id === null)).toBe(true);
  });

  it('rebuilds from zero when the projection version changes', async () => {
    await sql`UPDATE proctoring_actions SET action_type = 'tampered'`.execute(env.db);
    const next = proctoringActionsProjection.version + 1;
    const v2: Projection = { ...proctoringActionsProjection, version: next };
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
    expect((await loadCheckpoint(env.db, v2.name))?.version).toBe(next);
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
