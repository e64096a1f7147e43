import type { ContextServices } from '../../platform/context';
import type { Caller } from '../../platform/http/caller';
import { handleCommand } from '../../platform/commands/handle-command';
import type { Decider } from '../../platform/commands/decider';
import { eventId } from './ids';
import { ASSIGNMENTS_PROJECTION } from './read-model/projection';

type Services = Pick<ContextServices, 'store' | 'db' | 'clock'>;

export interface Decided<S, E> {
  state: S;
  events: E[];
}

/**
 * The platform's command handler with this context's ids, metadata and read model. A concurrent change
 * to the same stream is decided again on the new state (a second finish sees the attempt finished and
 * decides nothing), a few times before the 409 is let through. Event ids come from the stream, the
 * version and the command, so two identical commands decided against the same version append once.
 */
export async function decideAndAppend<C, E extends { type: string; data: unknown }, S>(
  services: Services,
  stream: string,
  decider: Decider<C, E, S>,
  command: C,
  options: { commandKey: string; caller: Pick<Caller, 'userId' | 'schoolId'>; attempts?: number },
): Promise<Decided<S, E>> {
  const { state, events } = await handleCommand(services.store, stream, decider, command, {
    eventId: (_event, index, version) => eventId(stream, version, options.commandKey, index),
    metadata: () => ({
      userId: options.caller.userId,
      occurredAt: services.clock().toISOString(),
      ...(options.caller.schoolId === null ? {} : { schoolId: options.caller.schoolId }),
    }),
    attempts: options.attempts ?? 5,
    // Nothing new (a double submit): the answer still shows the stream as it is, e.g. the other
    // request's finish, so the read model must have it too.
    waitFor: { db: services.db, projections: [ASSIGNMENTS_PROJECTION], whenNothingDecided: true },
  });
  return { state, events };
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
