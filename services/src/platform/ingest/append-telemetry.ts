import { InvalidEventPayloadError, UnknownEventTypeError, type NewEvent } from '@sabaq/events';
import { IdempotencyConflictError, ValidationError } from '../errors';
import type { EventStore } from '../ports/event-store';

/** An event the store will never accept, whatever the number of retries. */
export function isRejection(error: unknown): boolean {
  return (
    error instanceof UnknownEventTypeError ||
    error instanceof InvalidEventPayloadError ||
    error instanceof ValidationError ||
    error instanceof IdempotencyConflictError
  );
}

export type OnRejected = (event: NewEvent, error: unknown) => void;

/** One stream's telemetry for `appendTelemetryMany`. */
export interface TelemetryBatch {
  streamId: string;
  events: NewEvent[];
}

/** What became of a batch of `appendTelemetryMany`: stored (or reported), or refused with this error. */
export type TelemetrySettled = { ok: true } | { ok: false; error: unknown };

/**
 * Appends telemetry to its stream with no version check: telemetry events are independent facts, so
 * arrival order is the only order that matters. A batch whose ids are all stored is a retry and changes
 * nothing. A batch mixing stored and new ids (a client retry that grew, or a redelivery cut differently
 * from the first delivery) is refused whole by the store, so it is appended event by event instead: each
 * single-event append is then either a retry or new.
 *
 * Without `onRejected` a rejected event throws; with it, the event is reported and the rest go on.
 */
export async function appendTelemetry(
  store: EventStore,
  streamId: string,
  events: NewEvent[],
  onRejected?: OnRejected,
): Promise<void> {
  try {
    await store.append(streamId, events, { expectedVersion: 'any' });
  } catch (error) {
    await afterRefusal(store, streamId, events, error, onRejected);
  }
}

/**
 * Many streams' telemetry in one many-stream append (one transaction on PostgreSQL), each batch as
 * `appendTelemetry` would append it alone: a refused batch is settled on its own (event by event for a
 * mixed retry), never holding up the others. Throws, for the caller to retry everything, when the
 * many-stream append fails; a failure while settling one refused batch fails only that batch.
 */
export async function appendTelemetryMany(
  store: EventStore,
  batches: TelemetryBatch[],
  onRejected?: OnRejected,
): Promise<TelemetrySettled[]> {
  const outcomes = await store.appendMany(
    batches.map(({ streamId, events }) => ({ streamId, events, expectedVersion: 'any' })),
  );
  const settled: TelemetrySettled[] = [];
  for (const [index, outcome] of outcomes.entries()) {
    if (!('error' in outcome)) {
      settled.push({ ok: true });
      continue;
    }
    const { streamId, events } = batches[index]!;
    try {
      await afterRefusal(store, streamId, events, outcome.error, onRejected);
      settled.push({ ok: true });
    } catch (error) {
      // The other batches are committed: only this one is in doubt (or refused).
      settled.push({ ok: false, error });
    }
  }
  return settled;
}

async function afterRefusal(
  store: EventStore,
  streamId: string,
  events: NewEvent[],
  error: unknown,
  onRejected: OnRejected | undefined,
): Promise<void> {
  // Anything else (the store is down) is for the caller to retry.
  if (!isRejection(error)) throw error;
  const [only] = events;
  if (events.length === 1 && only) {
    if (!onRejected) throw error;
    return onRejected(only, error);
  }
  // Without a report to make, an invalid batch is refused whole as the store refused it (nothing was
  // written); only the mixed retry goes on event by event.
  if (!onRejected && !(error instanceof IdempotencyConflictError)) throw error;
  for (const event of events) {
    try {
      await store.append(streamId, [event], { expectedVersion: 'any' });
    } catch (failure) {
      if (!onRejected || !isRejection(failure)) throw failure;
      onRejected(event, failure);
    }
  }
}
