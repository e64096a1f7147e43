import type { ContextServices } from '../../platform/context';
import { WrongExpectedVersionError } from '../../platform/errors';
import type { Caller } from '../../platform/http/caller';
import { waitForProjections } from '../../platform/projections/wait-for-projection';
import type { Decider } from '../../platform/commands/decider';
import { derive } from './ids';
import { MEDIA_PROJECTION } from './read-model/projection';

type Services = Pick<ContextServices, 'store' | 'db' | 'clock'>;

/**
 * load → decide → append at the version decided against → wait for the media read model. A concurrent
 * append (two chunks of one session arriving together) is decided again on the new state. Event ids come
 * from the stream, the version and the command, so two identical requests decided together append once.
 */
export async function decideAndAppend<C, E extends { type: string; data: unknown }, S>(
  services: Services,
  stream: string,
  decider: Decider<C, E, S>,
  command: C,
  options: { commandKey: string; caller: Pick<Caller, 'userId' | 'schoolId'> | null; attempts?: number },
): Promise<{ state: S; events: E[] }> {
  const attempts = options.attempts ?? 10;
  for (let attempt = 1; ; attempt += 1) {
    const history = await services.store.readStream(stream);
    const version = history.length - 1;
    const state = history.reduce((s, e) => decider.evolve(s, e as unknown as E), decider.initialState);
    const events = decider.decide(command, state);
    if (events.length === 0) {
      const last = history.at(-1)?.globalPosition;
      if (last !== undefined) await waitForProjections(services.db, [MEDIA_PROJECTION], last);
      return { state, events };
    }
    try {
      const caller = options.caller;
      const result = await services.store.append(
        stream,
        events.map((event, index) => ({
          id: derive('event', stream, String(version), options.commandKey, String(index)),
          type: event.type,
          data: event.data,
          metadata: {
            occurredAt: services.clock().toISOString(),
            ...(caller ? { userId: caller.userId } : {}),
            ...(caller?.schoolId ? { schoolId: caller.schoolId } : {}),
          },
        })),
        { expectedVersion: version < 0 ? 'no_stream' : version },
      );
      await waitForProjections(services.db, [MEDIA_PROJECTION], result.lastGlobalPosition);
      return { state: events.reduce(decider.evolve, state), events };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= attempts) throw error;
    }
  }
}
