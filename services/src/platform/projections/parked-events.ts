import type { StoredEvent } from '@sabaq/events';
import { sql } from 'kysely';
import type { EventStore } from '../ports/event-store';
import type { ReadModelDb, ReadModelTx } from '../read-models/database';

/**
 * Parked events: the dead letters of projections. A projection that fails on the same batch a few times
 * (MAX_BATCH_ATTEMPTS) applies it event by event, steps over the ones that still fail and records each
 * here (projection, position, event id, error), so one bad event can no longer stop a read model for
 * every school. `/health` reports them (degraded, with the count and the first error); after a fix,
 * `npm run replay-parked -- <projection|all>` asks the projection to try them again, and a rebuild from
 * zero forgets them (it replays everything anyway).
 */
export const MAX_BATCH_ATTEMPTS = 3;

/** Errors are kept short: the first lines say what went wrong, a stack is in the log. */
const MAX_ERROR_LENGTH = 2000;

export const errorText = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);

export interface ParkedEvent {
  projection: string;
  eventId: string;
  position: bigint;
  eventType: string;
  error: string;
}

export async function parkEvent(db: ReadModelDb | ReadModelTx, parked: ParkedEvent): Promise<void> {
  await db
    .insertInto('projection_parked')
    .values({
      projection: parked.projection,
      event_id: parked.eventId,
      position: parked.position.toString(),
      event_type: parked.eventType,
      error: errorText(parked.error),
      attempts: 1,
      parked_at: new Date(),
      replay_requested_at: null,
    })
    // Parked again (a rebuild that met it once more): keep one row, with the newest error.
    .onConflict((oc) =>
      oc.columns(['projection', 'event_id']).doUpdateSet({
        error: errorText(parked.error),
        attempts: sql`projection_parked.attempts + 1`,
        parked_at: new Date(),
        replay_requested_at: null,
      }),
    )
    .execute();
}

export interface ParkedSummary {
  count: number;
  /** The error of the earliest parked event. */
  firstError: string;
}

/** Per projection: how many events are parked and the first one's error. */
export async function parkedSummaries(db: ReadModelDb): Promise<Map<string, ParkedSummary>> {
  const { rows } = await sql<{ projection: string; count: string; first_error: string }>`
    SELECT projection, count(*) AS count, (array_agg(error ORDER BY position))[1] AS first_error
    FROM projection_parked GROUP BY projection`.execute(db);
  return new Map(rows.map((r) => [r.projection, { count: Number(r.count), firstError: r.first_error }]));
}

/** Marks parked events for another try; answers how many were marked. */
export async function requestReplay(db: ReadModelDb, projections: readonly string[]): Promise<number> {
  if (projections.length === 0) return 0;
  const result = await db
    .updateTable('projection_parked')
    .set({ replay_requested_at: new Date() })
    .where('projection', 'in', projections)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function parkedCount(db: ReadModelDb, projections: readonly string[]): Promise<number> {
  if (projections.length === 0) return 0;
  const row = await db
    .selectFrom('projection_parked')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('projection', 'in', projections)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function replayRequestsPending(
  db: ReadModelDb,
  projections: readonly string[],
): Promise<number> {
  if (projections.length === 0) return 0;
  const row = await db
    .selectFrom('projection_parked')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('projection', 'in', projections)
    .where('replay_requested_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The projections some of whose parked events wait for a replay: one cheap query when there are none. */
export async function projectionsWithReplayRequests(db: ReadModelDb): Promise<Set<string>> {
  const rows = await db
    .selectFrom('projection_parked')
    .select('projection')
    .where('replay_requested_at', 'is not', null)
    .groupBy('projection')
    .execute();
  return new Set(rows.map((r) => r.projection));
}

/** A rebuild from zero replays every event: what was parked is met again (and parked again if it fails). */
export async function forgetParked(tx: ReadModelTx, projection: string): Promise<void> {
  await tx.deleteFrom('projection_parked').where('projection', '=', projection).execute();
}

/**
 * Tries every parked event of `projection` whose replay was asked for, oldest first, with `apply`:
 * success removes the row (in the same transaction as the apply when `apply` writes the read model),
 * failure keeps it with the new error and the request cleared. Answers how many were replayed.
 */
export async function replayRequested(
  db: ReadModelDb,
  store: Pick<EventStore, 'readAll'>,
  projection: string,
  apply: (event: StoredEvent, tx: ReadModelTx) => Promise<void>,
): Promise<{ replayed: number; failed: number }> {
  const rows = await db
    .selectFrom('projection_parked')
    .select(['event_id', 'position'])
    .where('projection', '=', projection)
    .where('replay_requested_at', 'is not', null)
    .orderBy('position')
    .execute();
  let replayed = 0;
  let failed = 0;
  for (const row of rows) {
    const position = BigInt(row.position);
    const [event] = await store.readAll({ after: position - 1n, maxCount: 1 });
    try {
      await db.transaction().execute(async (tx) => {
        // The store has no such event any more (a test database reset): nothing to replay, drop the row.
        if (event && event.id === row.event_id) await apply(event, tx);
        await tx
          .deleteFrom('projection_parked')
          .where('projection', '=', projection)
          .where('event_id', '=', row.event_id)
          .execute();
      });
      replayed += 1;
    } catch (error) {
      failed += 1;
      await db
        .updateTable('projection_parked')
        .set({ error: errorText(error), attempts: sql`attempts + 1`, replay_requested_at: null })
        .where('projection', '=', projection)
        .where('event_id', '=', row.event_id)
        .execute();
    }
  }
  return { replayed, failed };
}
