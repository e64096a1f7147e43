import type { EventMetadata, StoredEvent } from '@sabaq/events';
import { WrongExpectedVersionError } from '../errors';
import type { AppendResult, EventStore } from '../ports/event-store';
import { waitForProjections } from '../projections/wait-for-projection';
import type { ReadModelDb } from '../read-models/database';
import { loadState, type Decider } from './decider';

export interface CommandOptions<E> {
  /**
   * The id of the `index`-th decided event; `version` is the stream version decided against (-1: no
   * stream yet). Derived from the stream, the version and the command, two identical commands decided
   * against the same version append once: the store sees the second as a retry.
   */
  eventId: (event: E, index: number, version: number) => string;
  /** Each event's metadata; a function is asked again for every event of every attempt (for clocks). */
  metadata?: EventMetadata | ((event: E, index: number) => EventMetadata);
  /**
   * How many times the command is decided when the stream moved under it (1: never again, the
   * version conflict is the caller's 409). Each new attempt decides on the new state, so a command
   * that means the same whatever happened meanwhile is not refused for a lost race.
   */
  attempts?: number;
  /** Milliseconds to pause after the `conflicts`-th version conflict: spreads many writers of one stream. */
  pauseAfterConflict?: (conflicts: number) => number;
  /** Read-your-writes: wait until these projections have applied the appended events. */
  waitFor?: {
    db: ReadModelDb;
    projections: readonly string[];
    /**
     * Also when nothing was decided (a double submit): the answer shows the stream as it is, e.g.
     * the other request's change, so wait until the read model has the stream's last event.
     */
    whenNothingDecided?: boolean;
  };
}

export interface CommandOutcome<E, S> {
  /** What was decided (and appended); empty when the command changed nothing. */
  events: E[];
  /** The stream's state after the events. */
  state: S;
  /** The version the events were decided against. */
  version: number;
  /** The append's answer; undefined when nothing was decided. */
  result: AppendResult | undefined;
  /** The stream as read before deciding. */
  history: StoredEvent[];
}

/**
 * The one command handler: load the stream → decide → append at the version decided against → wait
 * for the named projections. A concurrent change to the same stream is a WrongExpectedVersionError
 * (409), never a lost update; it is decided again up to `attempts` times before the 409 goes out.
 */
export async function handleCommand<C, E extends { type: string; data: unknown }, S>(
  store: EventStore,
  streamId: string,
  decider: Decider<C, E, S>,
  command: C,
  options: CommandOptions<E>,
): Promise<CommandOutcome<E, S>> {
  const attempts = options.attempts ?? 1;
  for (let attempt = 1; ; attempt += 1) {
    const { state, version, events: history } = await loadState(store, streamId, decider);
    const events = decider.decide(command, state);
    if (events.length === 0) {
      const last = history.at(-1)?.globalPosition;
      const wait = options.waitFor;
      if (wait?.whenNothingDecided && last !== undefined)
        await waitForProjections(wait.db, wait.projections, last);
      return { events, state, version, result: undefined, history };
    }
    try {
      const result = await appendDecided(store, streamId, version, events, options);
      if (options.waitFor) {
        await waitForProjections(options.waitFor.db, options.waitFor.projections, result.lastGlobalPosition);
      }
      return { events, state: events.reduce(decider.evolve, state), version, result, history };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= attempts) throw error;
      const pause = options.pauseAfterConflict?.(attempt) ?? 0;
      if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/**
 * Appends events decided against `version` (-1: the stream must not exist yet) with the expected
 * version: the one place a decision is written. For callers that decide themselves, e.g. after
 * looking up references in the read models between loading and deciding.
 */
export async function appendDecided<E extends { type: string; data: unknown }>(
  store: EventStore,
  streamId: string,
  version: number,
  events: readonly E[],
  options: Pick<CommandOptions<E>, 'eventId' | 'metadata'>,
): Promise<AppendResult> {
  const { metadata } = options;
  return store.append(
    streamId,
    events.map((event, index) => ({
      id: options.eventId(event, index, version),
      type: event.type,
      data: event.data,
      metadata: typeof metadata === 'function' ? metadata(event, index) : metadata,
    })),
    { expectedVersion: version < 0 ? 'no_stream' : version },
  );
}
