import type { ContextServices } from '../../platform/context';
import { handleCommand } from '../../platform/commands/handle-command';
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
 * Through the platform's command handler; a lost race is decided again (these commands mean the same
 * whatever happened meanwhile). The read model is waited for unless told otherwise.
 */
export async function runWebinarCommand(
  services: Services,
  id: string,
  command: WebinarCommand,
  metadata: { userId: string; schoolId: string | null },
  options: { wait?: boolean } = {},
): Promise<WebinarState> {
  const stream = webinarStream(id);
  const { state } = await handleCommand(services.store, stream, webinarDecider, command, {
    eventId: (_event, index, version) => webinarEventId(stream, version, command.type, index),
    metadata: { userId: metadata.userId, ...(metadata.schoolId ? { schoolId: metadata.schoolId } : {}) },
    attempts: 5,
    // Also when nothing is new: another writer (the process manager making an assignment's webinar as
    // the page asks for it) got there first, and its events may not be in the read model yet.
    ...(options.wait === false
      ? {}
      : { waitFor: { db: services.db, projections: [WEBINARS_PROJECTION], whenNothingDecided: true } }),
  });
  return state;
}

const webinarDecider = { initialState: initialWebinarState, evolve: evolveWebinar, decide: decideWebinar };
