import type { NewEvent, StoredEvent } from '@sabaq/events';
import type { AppendResult, EventStore } from '../../platform/ports/event-store';

export interface Decider<Command, Event extends { type: string; data: unknown }, State> {
  initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
}

/** Folds a stream into its decider's state; also returns the stream's version for the next append. */
export async function loadState<C, E extends { type: string; data: unknown }, S>(
  store: EventStore,
  streamId: string,
  decider: Decider<C, E, S>,
): Promise<{ state: S; version: number; events: StoredEvent[] }> {
  const events = await store.readStream(streamId);
  const state = events.reduce((s, e) => decider.evolve(s, e as unknown as E), decider.initialState);
  return { state, version: events.length - 1, events };
}

/**
 * load → decide → append with the version decided against: a concurrent change to the same stream is a
 * WrongExpectedVersionError (409), never a lost update. `eventId` lets callers derive idempotent ids.
 */
export async function handleCommand<C, E extends { type: string; data: unknown }, S>(
  store: EventStore,
  streamId: string,
  decider: Decider<C, E, S>,
  command: C,
  options: { eventId: (event: E, index: number) => string; metadata?: NewEvent['metadata'] },
): Promise<{ events: E[]; state: S; result: AppendResult | undefined }> {
  const { state, version } = await loadState(store, streamId, decider);
  const events = decider.decide(command, state);
  if (events.length === 0) return { events, state, result: undefined };
  const result = await store.append(
    streamId,
    events.map((event, index) => ({
      id: options.eventId(event, index),
      type: event.type,
      data: event.data,
      metadata: options.metadata,
    })),
    { expectedVersion: version < 0 ? 'no_stream' : version },
  );
  return { events, state: events.reduce(decider.evolve, state), result };
}
