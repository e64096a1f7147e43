import type { ContextServices } from '../../platform/context';
import type { Caller } from '../../platform/http/caller';
import { handleCommand } from '../../platform/commands/handle-command';
import type { Decider } from '../../platform/commands/decider';
import { derive } from './ids';
import { MEDIA_PROJECTION } from './read-model/projection';

type Services = Pick<ContextServices, 'store' | 'db' | 'clock'>;

/**
 * The platform's command handler with media's ids, metadata and read model. A concurrent append (two
 * chunks of one session arriving together) is decided again on the new state. Event ids come from the
 * stream, the version and the command, so two identical requests decided together append once.
 */
export async function decideAndAppend<C, E extends { type: string; data: unknown }, S>(
  services: Services,
  stream: string,
  decider: Decider<C, E, S>,
  command: C,
  options: { commandKey: string; caller: Pick<Caller, 'userId' | 'schoolId'> | null; attempts?: number },
): Promise<{ state: S; events: E[] }> {
  const caller = options.caller;
  const { state, events } = await handleCommand(services.store, stream, decider, command, {
    eventId: (_event, index, version) =>
      derive('event', stream, String(version), options.commandKey, String(index)),
    metadata: () => ({
      occurredAt: services.clock().toISOString(),
      ...(caller ? { userId: caller.userId } : {}),
      ...(caller?.schoolId ? { schoolId: caller.schoolId } : {}),
    }),
    attempts: options.attempts ?? 10,
    waitFor: { db: services.db, projections: [MEDIA_PROJECTION], whenNothingDecided: true },
  });
  return { state, events };
}
