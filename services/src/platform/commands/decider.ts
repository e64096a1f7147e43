import type { StoredEvent } from '@sabaq/events';
import type { EventStore } from '../ports/event-store';

/** A stream's rules: its state folded from its events, and the events a command adds to it. */
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
