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

/**
 * Who may change a projection's read model and checkpoint: one transaction at a time, through an advisory
 * lock held to its commit. A lock of this kind gives the transaction no id, where `SELECT … FOR UPDATE`
 * did: log readers hand out only events below the oldest open transaction id (SAFE_TO_READ), so a batch
 * that held one from its first statement held back every reader of the log (the fan-out, the relay, the
 * other projections) for as long as it ran.
 */
const CHECKPOINT_LOCK_NAMESPACE = 0x5ab1c0;
const projectionLock = (name: string) =>
  sql`pg_advisory_xact_lock(${CHECKPOINT_LOCK_NAMESPACE}, hashtext(${name}))`;

interface CheckpointRow {
  position: string;
  version: number;
}

function checkpointOf(rows: readonly CheckpointRow[], name: string): { position: bigint; version: number } {
  const row = rows[0];
  if (!row) throw new Error(`checkpoint row of '${name}' is missing`);
  return { position: BigInt(row.position), version: row.version };
}

/** A batch's claim: the checkpoint as it stood, with the projection's lock held until commit. */
export async function claimCheckpoint(
  tx: ReadModelTx,
  name: string,
): Promise<{ position: bigint; version: number }> {
  // One round trip. The row may be read as it stood before a transaction that held the lock committed
  // (the statement's snapshot predates the wait): the batch's conditional move then finds the checkpoint
  // moved and rolls the batch back.
  const result = await sql<CheckpointRow>`
    SELECT c.position, c.version FROM (SELECT ${projectionLock(name)}) AS held, projection_checkpoints c
     WHERE c.name = ${name}`.execute(tx);
  return checkpointOf(result.rows, name);
}

/** The projection's lock and its checkpoint row locked, as read after the lock was had. */
export async function lockCheckpoint(
  tx: ReadModelTx,
  name: string,
): Promise<{ position: bigint; version: number }> {
  await sql`SELECT ${projectionLock(name)}`.execute(tx);
  const result = await sql<CheckpointRow>`
    SELECT position, version FROM projection_checkpoints WHERE name = ${name} FOR UPDATE`.execute(tx);
  return checkpointOf(result.rows, name);
}

/**
 * Moves the checkpoint (a batch's end, or zero for a rebuild) and announces the change (announceChange)
 * in one statement: one round trip of the transaction instead of two. With `expected`, only from there:
 * false when the checkpoint stands elsewhere (moved by a rebuild or another runner since it was read).
 */
export async function moveCheckpoint(
  tx: ReadModelTx,
  name: string,
  position: bigint,
  version: number,
  expected?: bigint,
): Promise<boolean> {
  const from = expected === undefined ? sql`` : sql` AND position = ${expected.toString()}::bigint`;
  const result = await sql`
    WITH moved AS (
      UPDATE projection_checkpoints SET position = ${position.toString()}::bigint, version = ${version},
        updated_at = now()
      WHERE name = ${name}${from} RETURNING name)
    SELECT pg_notify(${READ_MODEL_CHANGED_CHANNEL}, name) FROM moved`.execute(tx);
  return result.rows.length > 0;
}

/** Where the checkpoint stands now (after a conditional move or write found it elsewhere). */
export async function storedCheckpoint(db: ReadModelDb | ReadModelTx, name: string): Promise<bigint> {
  const result = await sql<{ position: string }>`
    SELECT position FROM projection_checkpoints WHERE name = ${name}`.execute(db);
  return BigInt(result.rows[0]?.position ?? 0);
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
