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
  onRejected?: (event: NewEvent, error: unknown) => void,
): Promise<void> {
  try {
    await store.append(streamId, events, { expectedVersion: 'any' });
    return;
  } catch (error) {
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
  }
  for (const event of events) {
    try {
      await store.append(streamId, [event], { expectedVersion: 'any' });
    } catch (error) {
      if (!onRejected || !isRejection(error)) throw error;
      onRejected(event, error);
    }
  }
}
