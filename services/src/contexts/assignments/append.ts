import type { ContextServices } from '../../platform/context';
import { WrongExpectedVersionError } from '../../platform/errors';
import type { Caller } from '../../platform/http/caller';
import { waitForProjections } from '../../platform/projections/wait-for-projection';
import type { Decider } from '../../platform/commands/decider';
import { eventId } from './ids';
import { ASSIGNMENTS_PROJECTION } from './read-model/projection';

type Services = Pick<ContextServices, 'store' | 'db' | 'clock'>;

export interface Decided<S, E> {
  state: S;
  events: E[];
}

/**
 * load → decide → append with the version decided against → wait for the read model. A concurrent
 * change to the same stream makes the append fail with a version conflict; the decision is then taken
 * again on the new state (a second finish sees the attempt finished and decides nothing), a few times
 * before the 409 is let through. Event ids come from the stream, the version and the command, so two
 * identical commands decided against the same version append once: the store sees the second as a retry.
 */
export async function decideAndAppend<C, E extends { type: string; data: unknown }, S>(
  services: Services,
  stream: string,
  decider: Decider<C, E, S>,
  command: C,
  options: { commandKey: string; caller: Pick<Caller, 'userId' | 'schoolId'>; attempts?: number },
): Promise<Decided<S, E>> {
  const attempts = options.attempts ?? 5;
  for (let attempt = 1; ; attempt += 1) {
    const history = await services.store.readStream(stream);
    const version = history.length - 1;
    const state = history.reduce((s, e) => decider.evolve(s, e as unknown as E), decider.initialState);
    const events = decider.decide(command, state);
    if (events.length === 0) {
      // Nothing new (a double submit): the answer still shows the stream as it is, e.g. the other
      // request's finish, so wait until the read model has it too.
      const last = history.at(-1)?.globalPosition;
      if (last !== undefined) await waitForProjections(services.db, [ASSIGNMENTS_PROJECTION], last);
      return { state, events };
    }
    try {
      const result = await services.store.append(
        stream,
        events.map((event, index) => ({
          id: eventId(stream, version, options.commandKey, index),
          type: event.type,
          data: event.data,
          metadata: {
            userId: options.caller.userId,
            occurredAt: services.clock().toISOString(),
            ...(options.caller.schoolId === null ? {} : { schoolId: options.caller.schoolId }),
          },
        })),
        { expectedVersion: version < 0 ? 'no_stream' : version },
      );
      await waitForProjections(services.db, [ASSIGNMENTS_PROJECTION], result.lastGlobalPosition);
      return { state: events.reduce(decider.evolve, state), events };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= attempts) throw error;
    }
  }
}

/** Folds a stream into a decider's state, with the first event's author (the record's owner). */
export async function loadStream<C, E extends { type: string; data: unknown }, S>(
  services: Pick<ContextServices, 'store'>,
  stream: string,
  decider: Decider<C, E, S>,
): Promise<{ state: S; ownerId: string | null; schoolId: string | null }> {
  const history = await services.store.readStream(stream);
  const state = history.reduce((s, e) => decider.evolve(s, e as unknown as E), decider.initialState);
  const first = history[0]?.metadata;
  return {
    state,
    ownerId: typeof first?.userId === 'string' ? first.userId : null,
    schoolId: typeof first?.schoolId === 'string' ? first.schoolId : null,
  };
}
