import type { ContextServices } from '../../platform/context';
import { WrongExpectedVersionError } from '../../platform/errors';
import { waitForProjections } from '../../platform/projections/wait-for-projection';
import {
  decideWebinar,
  evolveWebinar,
  initialWebinarState,
  type WebinarCommand,
  type WebinarEvent,
  type WebinarState,
} from './decider';
import { webinarEventId, webinarStream } from './ids';
import { WEBINARS_PROJECTION } from './read-model/tables';

type Services = Pick<ContextServices, 'store' | 'db'>;

export async function loadWebinar(
  services: Pick<ContextServices, 'store'>,
  id: string,
): Promise<WebinarState> {
  const history = await services.store.readStream(webinarStream(id));
  return history.reduce((s, e) => evolveWebinar(s, e as unknown as WebinarEvent), initialWebinarState);
}

/**
 * load → decide → append against the version decided on; a lost race is decided again (these commands
 * mean the same whatever happened meanwhile). The read model is waited for unless told otherwise.
 */
export async function runWebinarCommand(
  services: Services,
  id: string,
  command: WebinarCommand,
  metadata: { userId: string; schoolId: string | null },
  options: { wait?: boolean } = {},
): Promise<WebinarState> {
  const stream = webinarStream(id);
  for (let attempt = 1; ; attempt += 1) {
    const history = await services.store.readStream(stream);
    const state = history.reduce(
      (s, e) => evolveWebinar(s, e as unknown as WebinarEvent),
      initialWebinarState,
    );
    const events = decideWebinar(command, state);
    if (events.length === 0) return state;
    const version = history.length - 1;
    try {
      const result = await services.store.append(
        stream,
        events.map((event, index) => ({
          id: webinarEventId(stream, version, command.type, index),
          type: event.type,
          data: event.data,
          metadata: {
            userId: metadata.userId,
            ...(metadata.schoolId ? { schoolId: metadata.schoolId } : {}),
          },
        })),
        { expectedVersion: version < 0 ? 'no_stream' : version },
      );
      if (options.wait !== false) {
        await waitForProjections(services.db, [WEBINARS_PROJECTION], result.lastGlobalPosition);
      }
      return events.reduce(evolveWebinar, state);
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= 5) throw error;
    }
  }
}
