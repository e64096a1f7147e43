import type { StoredEvent } from '@sabaq/events';
import { sql } from 'kysely';
import type { ReadModelDb, ReadModelTx } from '../read-models/database';
import { READ_MODEL_CHANGED_CHANNEL } from '../read-models/read-model-cache';
import { errorText, forgetParked, parkEvent, type ParkedEvent } from './parked-events';
import type { Projection } from './projection';

/*
 * The statements a projection's transactions run on the checkpoint table, beside the runner that
 * decides when to run them (projection-runner.ts): lock and move a checkpoint, reset for a rebuild,
 * apply a failing batch event by event, and announce the change to the api processes' caches.
 */

export async function lockCheckpoint(
  tx: ReadModelTx,
  name: string,
): Promise<{ position: bigint; version: number }> {
  const result = await sql<{ position: string; version: number }>`
    SELECT position, version FROM projection_checkpoints WHERE name = ${name} FOR UPDATE`.execute(tx);
  const row = result.rows[0];
  if (!row) throw new Error(`checkpoint row of '${name}' is missing`);
  return { position: BigInt(row.position), version: row.version };
}

/**
 * Moves the checkpoint (a batch's end, or zero for a rebuild) and announces the change (announceChange)
 * in one statement: one round trip of the transaction instead of two.
 */
export async function moveCheckpoint(
  tx: ReadModelTx,
  name: string,
  position: bigint,
  version: number,
): Promise<void> {
  await sql`
    WITH moved AS (
      UPDATE projection_checkpoints SET position = ${position.toString()}::bigint, version = ${version},
        updated_at = now()
      WHERE name = ${name} RETURNING name)
    SELECT pg_notify(${READ_MODEL_CHANGED_CHANNEL}, name) FROM moved`.execute(tx);
}

/**
 * Rebuild from zero: wipe the read model and reset its checkpoint in one transaction. A runner that
 * is running notices at its next batch and starts over; one that is not starts from zero next time.
 */
export async function resetProjection(db: ReadModelDb, projection: Projection): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('projection_checkpoints')
      .values({ name: projection.name, position: '0', version: projection.version, updated_at: new Date() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    await lockCheckpoint(tx, projection.name);
    await projection.reset(tx);
    await forgetParked(tx, projection.name);
    await moveCheckpoint(tx, projection.name, 0n, projection.version);
  });
}

/**
 * Applies a batch one event at a time, each under a savepoint: an event whose apply fails is rolled
 * back alone and parked, the others are applied. Runs only for a batch that failed whole repeatedly.
 */
export async function applyOneByOne(
  tx: ReadModelTx,
  projection: Projection,
  events: StoredEvent[],
): Promise<ParkedEvent[]> {
  const parked: ParkedEvent[] = [];
  for (const event of events) {
    await sql`SAVEPOINT sabaq_one_event`.execute(tx);
    try {
      await projection.apply(tx, [event]);
      await sql`RELEASE SAVEPOINT sabaq_one_event`.execute(tx);
    } catch (error) {
      await sql`ROLLBACK TO SAVEPOINT sabaq_one_event`.execute(tx);
      const entry: ParkedEvent = {
        projection: projection.name,
        eventId: event.id,
        position: event.globalPosition,
        eventType: event.type,
        error: errorText(error),
      };
      await parkEvent(tx, entry);
      parked.push(entry);
    }
  }
  return parked;
}

/**
 * Tells api processes' read-model caches (read-models/read-model-cache.ts) that this projection's tables
 * changed. NOTIFY inside the transaction is delivered at commit and never for a rolled-back batch.
 */
export async function announceChange(tx: ReadModelTx, name: string): Promise<void> {
  await sql`SELECT pg_notify(${READ_MODEL_CHANGED_CHANNEL}, ${name})`.execute(tx);
}
