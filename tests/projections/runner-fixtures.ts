/** The projections and read-outs the projection runner's suites share. */
import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@sabaq/events';
import { sql, type Kysely } from 'kysely';
import { eventually, type StoreAndReadModels } from '../support/platform-fixture';
import type { Projection } from '../../services/src/platform/projections/projection';
import type { ProjectionRunner } from '../../services/src/platform/projections/projection-runner';

/**
 * A deliberately non-idempotent projection: it adds one per event to a per-attempt counter. If the
 * runner ever applied a batch twice, the totals would exceed the number of events.
 */
export const countingProjection: Projection = {
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
export function activityCounter(name: string): Projection {
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

export function activityEvent(attemptStreamId: string): NewEvent {
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

export const countMigration = {
  '0900_action_counts': {
    async up(db: Kysely<unknown>) {
      await sql`CREATE TABLE action_counts (attempt_id text PRIMARY KEY, n integer NOT NULL)`.execute(db);
      await sql`CREATE TABLE activity_counts (projection text, attempt_id text, n integer NOT NULL,
        PRIMARY KEY (projection, attempt_id))`.execute(db);
    },
  },
};

/** Every UPDATE of a checkpoint row, counted by a trigger: what the runner writes per batch. */
export async function countCheckpointWrites(env: StoreAndReadModels): Promise<void> {
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

/** Counts UPDATE statements on the checkpoint table (a statement may write several rows). */
export async function countCheckpointStatements(env: StoreAndReadModels): Promise<void> {
  await sql`CREATE TABLE checkpoint_statements (n integer NOT NULL)`.execute(env.db);
  await sql`INSERT INTO checkpoint_statements VALUES (0)`.execute(env.db);
  await sql`CREATE FUNCTION count_checkpoint_statement() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE checkpoint_statements SET n = n + 1;
      RETURN NULL;
    END $$`.execute(env.db);
  await sql`CREATE TRIGGER checkpoint_statements AFTER UPDATE ON projection_checkpoints
    FOR EACH STATEMENT EXECUTE FUNCTION count_checkpoint_statement()`.execute(env.db);
}

export async function checkpointStatements(env: StoreAndReadModels): Promise<number> {
  const result = await sql<{ n: number }>`SELECT n FROM checkpoint_statements`.execute(env.db);
  return result.rows[0]?.n ?? 0;
}

export async function checkpointWrites(env: StoreAndReadModels, name: string): Promise<number> {
  const result = await sql<{ n: number }>`SELECT n FROM checkpoint_writes WHERE name = ${name}`.execute(
    env.db,
  );
  return result.rows[0]?.n ?? 0;
}

export async function activityCount(env: StoreAndReadModels, name: string): Promise<number> {
  const result = await sql<{ total: string | null }>`
    SELECT sum(n) AS total FROM activity_counts WHERE projection = ${name}`.execute(env.db);
  return Number(result.rows[0]?.total ?? 0);
}

export async function activitiesInLog(env: StoreAndReadModels): Promise<number> {
  const events = await env.store.readAll({ maxCount: 100_000 });
  return events.filter((e) => e.type === 'ProctoringActivityRecorded').length;
}

/** Waits until the runner's subscription has handled the log's head (without flushing anything). */
export async function handledHead(env: StoreAndReadModels, runner: ProjectionRunner): Promise<bigint> {
  const head = await env.store.headPosition();
  await eventually(
    async () => runner.states()[0]?.position ?? 0n,
    (position) => position >= head,
  );
  return head;
}

export async function totalCount(env: StoreAndReadModels): Promise<number> {
  const result = await sql<{ total: string | null }>`SELECT sum(n) AS total FROM action_counts`.execute(
    env.db,
  );
  return Number(result.rows[0]?.total ?? 0);
}

export async function actionRows(env: StoreAndReadModels): Promise<number> {
  const row = await env.db
    .selectFrom('proctoring_actions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
