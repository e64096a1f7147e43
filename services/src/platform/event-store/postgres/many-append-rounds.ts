import type { NewEvent } from '@sabaq/events';
import { IdempotencyConflictError, WrongExpectedVersionError } from '../../errors';
import type { AppendOutcome } from '../../ports/event-store';

/** What `append_events_many` answers for each batch. */
export interface AppendRow {
  outcome: string;
  stream_version: string;
  last_position: string | null;
}

/** A batch of a many-stream append that passed the checks made before writing. */
export interface CheckedBatch {
  index: number;
  streamId: string;
  expected: string;
  events: NewEvent[];
}

/**
 * The batches one transaction can take: each stream once, and no id named by an earlier batch of the
 * call, so that every check can be made before anything is written. A batch that meets an earlier one
 * (taken or put off) waits for a later transaction, which keeps the outcomes those of appending the
 * batches one after the other.
 */
export function splitRound(batches: CheckedBatch[]): { now: CheckedBatch[]; later: CheckedBatch[] } {
  const streams = new Set<string>();
  const ids = new Set<string>();
  const now: CheckedBatch[] = [];
  const later: CheckedBatch[] = [];
  for (const batch of batches) {
    const meets = streams.has(batch.streamId) || batch.events.some((e) => ids.has(e.id));
    (meets ? later : now).push(batch);
    streams.add(batch.streamId);
    for (const event of batch.events) ids.add(event.id);
  }
  return { now, later };
}

export function toOutcome(
  streamId: string,
  expected: string,
  events: NewEvent[],
  row: AppendRow,
): AppendOutcome {
  const version = Number(row.stream_version);
  switch (row.outcome) {
    case 'appended':
    case 'retry':
      return {
        outcome: row.outcome,
        result: {
          nextExpectedVersion: version,
          lastGlobalPosition: BigInt(row.last_position ?? 0),
          appended: row.outcome === 'appended',
        },
      };
    case 'wrong_expected_version':
      return { outcome: row.outcome, error: new WrongExpectedVersionError(streamId, expected, version) };
    case 'idempotency_conflict':
      return {
        outcome: row.outcome,
        error: new IdempotencyConflictError(
          streamId,
          events.map((e) => e.id),
        ),
      };
    default:
      throw new Error(`unexpected append outcome ${row.outcome}`);
  }
}
