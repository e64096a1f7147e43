import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@sabaq/events';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionEvents, attemptStream } from '../support/events';
import { eventually, storeAndReadModels, type StoreAndReadModels } from '../support/platform-fixture';
import { proctoringContext } from '../../services/src/contexts/proctoring';
import { proctoringActionsProjection } from '../../services/src/contexts/proctoring/actions/projection';
import { loadCheckpoint } from '../../services/src/platform/read-models/checkpoints';
import { createReadModelDb } from '../../services/src/platform/read-models/database';
import type { Projection } from '../../services/src/platform/projections/projection';
import {
  parkedSummaries,
  replayRequestsPending,
  requestReplay,
} from '../../services/src/platform/projections/parked-events';
import { ProjectionRunner, resetProjection } from '../../services/src/platform/projections/projection-runner';
import { waitForProjections } from '../../services/src/platform/projections/wait-for-projection';

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

/**
 * Counts activities only, per projection name, and just as non-idempotently: the proctoring actions
 * the tests append around them are batches it has nothing to apply from.
 */
function activityCounter(name: string): Projection {
  return {
    name,
    version: 1,
    handles: ['ProctoringActivityRecorded'],
    async apply(tx, events) {
      for (const event of events) {
        const attemptId = (event.data as { attemptId: string }).attemptId;
        await sql`INSERT INTO activity_counts (projection, attempt_id, n) VALUES (${name}, ${attemptId}, 1)
          ON CONFLICT (projection, attempt_id) DO UPDATE SET n = activity_counts.n + 1`.execute(tx);
      }
    },
    async reset(tx) {
      await sql`DELETE FROM activity_counts WHERE projection = ${name}`.execute(tx);
    },
  };
}

function activityEvent(attemptStreamId: string): NewEvent {
  return {
    id: randomUUID(),
    type: 'ProctoringActivityRecorded',
    data: {
      assignmentId: 'assignment-1',
      attemptId: attemptStreamId.slice('proctoring-'.length),
      studentId: 'student-1',
      activityType: 'chapter_opened',
    },
    metadata: { schoolId: 'school-1', occurredAt: new Date().toISOString() },
  };
}

const countMigration = {
  '0900_action_counts': {
    async up(db: Kysely<unknown>) {
      await sql`CREATE TABLE action_counts (attempt_id text PRIMARY KEY, n integer NOT NULL)`.execute(db);
      await sql`CREATE TABLE activity_counts (projection text, attempt_id text, n integer NOT NULL,
        PRIMARY KEY (projection, attempt_id))`.execute(db);
    },
  },
};

/** Every UPDATE of a checkpoint row, counted by a trigger: what the runner writes per batch. */
async function countCheckpointWrites(env: StoreAndReadModels): Promise<void> {
  await sql`CREATE TABLE checkpoint_writes (name text PRIMARY KEY, n integer NOT NULL)`.execute(env.db);
  await sql`CREATE FUNCTION count_checkpoint_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO checkpoint_writes (name, n) VALUES (NEW.name, 1)
        ON CONFLICT (name) DO UPDATE SET n = checkpoint_writes.n + 1;
      RETURN NEW;
    END $$`.execute(env.db);
  await sql`CREATE TRIGGER checkpoint_writes AFTER UPDATE ON projection_checkpoints
    FOR EACH ROW EXECUTE FUNCTION count_checkpoint_write()`.execute(env.db);
}

async function checkpointWrites(env: StoreAndReadModels, name: string): Promise<number> {
  const result = await sql<{ n: number }>`SELECT n FROM checkpoint_writes WHERE name = ${name}`.execute(
    env.db,
  );
  return result.rows[0]?.n ?? 0;
}

async function activityCount(env: StoreAndReadModels, name: string): Promise<number> {
  const result = await sql<{ total: string | null }>`
    SELECT sum(n) AS total FROM activity_counts WHERE projection = ${name}`.execute(env.db);
  return Number(result.rows[0]?.total ?? 0);
}

async function activitiesInLog(env: StoreAndReadModels): Promise<number> {
  const events = await env.store.readAll({ maxCount: 100_000 });
  return events.filter((e) => e.type === 'ProctoringActivityRecorded').length;
}

/** Waits until the runner's subscription has handled the log's head (without flushing anything). */
async function handledHead(env: StoreAndReadModels, runner: ProjectionRunner): Promise<bigint> {
  const head = await env.store.headPosition();
  await eventually(
    async () => runner.states()[0]?.position ?? 0n,
    (position) => position >= head,
  );
  return head;
}

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

  it('opens no transaction for batches it reads nothing from, yet its checkpoint reaches the head soon', async () => {
    const name = 'test.activities_idle';
    const runner = new ProjectionRunner({
      store: env.store,
      db: env.db,
      projections: [activityCounter(name)],
      batchSize: 5,
    });
    await runner.start();
    await runner.caughtUp();
    const before = await checkpointWrites(env, name);
    const started = Date.now();
    const stream = attemptStream();
    // 100 actions in batches of at most 5: at least 20 batches, none with an activity.
    for (let round = 0; round < 20; round++) await env.store.append(stream, actionEvents(stream, 5));
    const head = await env.store.headPosition();
    // What the record API's read-your-writes does: the row reaches the head though nothing was applied.
    await waitForProjections(env.db, [name], head, 5_000);
    const elapsed = Date.now() - started;
    const writes = (await checkpointWrites(env, name)) - before;
    await runner.stop();
    // Coalesced: at most one write per 250 ms (plus the first), instead of one transaction per batch.
    expect(writes).toBeGreaterThanOrEqual(1);
    expect(writes).toBeLessThanOrEqual(Math.ceil(elapsed / 250) + 1);
    expect(writes).toBeLessThan(20);
    expect(await activityCount(env, name)).toBe(await activitiesInLog(env));
    expect((await loadCheckpoint(env.db, name))?.position).toBe(head);
  });

  it('lets an idle subscription write its skip within ~300 ms for waiters in other processes', async () => {
    const name = 'test.activities_wait';
    const runner = new ProjectionRunner({
      store: env.store,
      db: env.db,
      projections: [activityCounter(name)],
    });
    await runner.start();
    await runner.caughtUp();
    const stream = attemptStream();
    await env.store.append(stream, [activityEvent(stream)]);
    await runner.caughtUp();
    // Right after a relevant batch's write, the next skip waits for the 250 ms interval to pass.
    const started = Date.now();
    await env.store.append(stream, actionEvents(stream, 3));
    await waitForProjections(env.db, [name], await env.store.headPosition(), 5_000);
    const waited = Date.now() - started;
    await runner.stop();
    // ~250 ms of coalescing plus the wake and one UPDATE; generous for a loaded 2-core machine.
    expect(waited).toBeLessThan(1_500);
  });

  it('carries remembered skips in the next relevant batch’s transaction', async () => {
    const name = 'test.activities_carry';
    const runner = new ProjectionRunner({
      store: env.store,
      db: env.db,
      projections: [activityCounter(name)],
      skipWriteIntervalMs: 60_000,
    });
    await runner.start();
    await runner.caughtUp();
    const stream = attemptStream();
    await env.store.append(stream, [activityEvent(stream)]);
    const relevantAt = await handledHead(env, runner);
    await env.store.append(stream, actionEvents(stream, 10));
    await handledHead(env, runner);
    const writesBefore = await checkpointWrites(env, name);
    // The skip is only remembered: the row still stands at the relevant batch.
    expect((await loadCheckpoint(env.db, name))?.position).toBe(relevantAt);
    await env.store.append(stream, [activityEvent(stream)]);
    const head = await handledHead(env, runner);
    expect((await loadCheckpoint(env.db, name))?.position).toBe(head);
    expect((await checkpointWrites(env, name)) - writesBefore).toBe(1);
    await runner.stop();
    expect(await activityCount(env, name)).toBe(await activitiesInLog(env));
  });

  it('after a crash with unwritten skips, replays from the last written checkpoint applying nothing twice', async () => {
    const name = 'test.activities_crash';
    const stream = attemptStream();
    await env.store.append(stream, [activityEvent(stream), activityEvent(stream)]);
    // Its own connection pool, so that the crash can take the database away from it alone.
    const crashingDb = createReadModelDb(env.url, 2);
    const crashing = new ProjectionRunner({
      store: env.store,
      db: crashingDb,
      projections: [activityCounter(name)],
      skipWriteIntervalMs: 60_000,
    });
    await crashing.start();
    const written = await handledHead(env, crashing);
    await env.store.append(stream, actionEvents(stream, 12));
    const skippedTo = await handledHead(env, crashing);
    // The crash: the database is gone before the remembered skip is written.
    await crashingDb.destroy();
    await crashing.stop();
    expect((await loadCheckpoint(env.db, name))?.position).toBe(written);
    expect(skippedTo).toBeGreaterThan(written);

    const restarted = new ProjectionRunner({
      store: env.store,
      db: env.db,
      projections: [activityCounter(name)],
    });
    await restarted.start();
    expect(restarted.states()[0]?.position).toBe(written);
    await env.store.append(stream, [activityEvent(stream)]);
    await restarted.caughtUp();
    await restarted.stop();
    expect(await activityCount(env, name)).toBe(await activitiesInLog(env));
    expect((await loadCheckpoint(env.db, name))?.position).toBe(await env.store.headPosition());
  });

  it('follows a rebuild noticed by a coalesced write and ends equal to the log', async () => {
    const name = 'test.activities_rebuild';
    const projection = activityCounter(name);
    const runner = new ProjectionRunner({
      store: env.store,
      db: env.db,
      projections: [projection],
      watchIntervalMs: 60_000,
    });
    await runner.start();
    await runner.caughtUp();
    const activities = await activitiesInLog(env);
    expect(await activityCount(env, name)).toBe(activities);
    await resetProjection(env.db, projection);
    const stream = attemptStream();
    // Only skips follow the reset: their write finds the row moved and the runner starts over from zero.
    await env.store.append(stream, actionEvents(stream, 4));
    await eventually(
      () => activityCount(env, name),
      (n) => n === activities,
    );
    await runner.caughtUp();
    await runner.stop();
    expect(await activityCount(env, name)).toBe(activities);
    expect((await loadCheckpoint(env.db, name))?.position).toBe(await env.store.headPosition());
  });

  it('parks an event it keeps failing on, applies the rest of its batch, and replays it on request after a fix', async () => {
    const name = 'test.poisonable';
    let fixed = false;
    // Counts activities, and cannot take one whose type is 'poison' until `fixed`.
    const counter = activityCounter(name);
    const projection: Projection = {
      ...counter,
      async apply(tx, events) {
        if (!fixed && events.some((e) => (e.data as { activityType: string }).activityType === 'poison'))
          throw new Error('cannot project poison');
        await counter.apply(tx, events);
      },
    };
    const runner = new ProjectionRunner({ store: env.store, db: env.db, projections: [projection] });
    await runner.start();
    await runner.caughtUp();
    const before = await activityCount(env, name);
    const stream = attemptStream();
    const bad = activityEvent(stream);
    (bad.data as { activityType: string }).activityType = 'poison';
    await env.store.append(stream, [activityEvent(stream), bad, activityEvent(stream)]);
    // Without parking this would never resolve: the batch failed for ever.
    await runner.caughtUp();
    expect(await activityCount(env, name)).toBe(before + 2);
    const parked = await parkedSummaries(env.db);
    expect(parked.get(name)).toEqual({ count: 1, firstError: 'cannot project poison' });
    const [state] = await runner.refreshStatuses(await env.store.headPosition());
    expect(state).toMatchObject({ name, parked: 1, parkedError: 'cannot project poison', status: 'live' });

    // Asked before the fix: it fails again and stays, with the request cleared.
    expect(await requestReplay(env.db, [name])).toBe(1);
    await eventually(
      () => replayRequestsPending(env.db, [name]),
      (n) => n === 0,
    );
    expect((await parkedSummaries(env.db)).get(name)?.count).toBe(1);
    fixed = true;
    await requestReplay(env.db, [name]);
    await eventually(
      () => parkedSummaries(env.db),
      (summaries) => !summaries.has(name),
    );
    expect(await activityCount(env, name)).toBe(before + 3);
    await runner.stop();
  });
});
