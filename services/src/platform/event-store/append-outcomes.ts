import { InvalidEventPayloadError, UnknownEventTypeError } from '@sabaq/events';
import { IdempotencyConflictError, ValidationError, WrongExpectedVersionError } from '../errors';
import type { AppendBatch, AppendOutcome, AppendResult, EventStore } from '../ports/event-store';

/** The outcome of one batch from what `append` answered or threw; undefined for a failure of the store. */
export function outcomeOfError(error: unknown): AppendOutcome | undefined {
  if (error instanceof IdempotencyConflictError) return { outcome: 'idempotency_conflict', error };
  if (error instanceof WrongExpectedVersionError) return { outcome: 'wrong_expected_version', error };
  if (
    error instanceof ValidationError ||
    error instanceof UnknownEventTypeError ||
    error instanceof InvalidEventPayloadError
  ) {
    return { outcome: 'invalid', error };
  }
  return undefined;
}

export function outcomeOfResult(result: AppendResult): AppendOutcome {
  return { outcome: result.appended ? 'appended' : 'retry', result };
}

/**
 * A many-stream append for stores without multi-stream transactions: the batches one after the other,
 * which is by definition what the port's outcomes mean. A failure of the store stops there and throws.
 */
export async function appendOneByOne(store: EventStore, batches: AppendBatch[]): Promise<AppendOutcome[]> {
  const outcomes: AppendOutcome[] = [];
  for (const { streamId, events, expectedVersion } of batches) {
    try {
      outcomes.push(outcomeOfResult(await store.append(streamId, events, { expectedVersion })));
    } catch (error) {
      const refused = outcomeOfError(error);
      if (!refused) throw error;
      outcomes.push(refused);
    }
  }
  return outcomes;
}
