import type { ContextServices } from '../../../platform/context';
import { WrongExpectedVersionError } from '../../../platform/errors';
import { waitForProjections } from '../../../platform/projections/wait-for-projection';
import { eventId } from '../ids';
import {
  decideLaunchLink,
  evolveLaunchLink,
  initialLaunchLinkState,
  type LaunchLinkCommand,
} from './link-decider';
import { LAUNCH_LINKS_PROJECTION } from './link-table';

export const launchLinkStream = (assignmentId: string) => `assignment_launch_link-${assignmentId}`;

/**
 * load → decide → append with the version decided against, then wait for the read model (the teacher
 * reads the link right after). Two issues at once meet at the expected version: the loser decides again
 * and finds the winner's link. Event ids come from the version and the command, so a retried append
 * writes nothing twice.
 */
export async function runLaunchLinkCommand(
  services: Pick<ContextServices, 'store' | 'db'>,
  command: LaunchLinkCommand,
): Promise<void> {
  const stream = launchLinkStream(command.assignmentId);
  for (let attempt = 1; ; attempt++) {
    const history = await services.store.readStream(stream);
    const events = decideLaunchLink(command, history.reduce(evolveLaunchLink, initialLaunchLinkState));
    if (events.length === 0) return;
    const version = history.length - 1;
    try {
      const result = await services.store.append(
        stream,
        events.map((event, index) => ({
          id: eventId(stream, version, command.type, index),
          type: event.type,
          data: event.data,
          metadata: {
            occurredAt: command.at,
            userId: command.by,
            ...(command.type === 'Revoke' ? {} : { schoolId: command.schoolId }),
          },
        })),
        { expectedVersion: version < 0 ? 'no_stream' : version },
      );
      await waitForProjections(services.db, [LAUNCH_LINKS_PROJECTION], result.lastGlobalPosition);
      return;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= 5) throw error;
    }
  }
}
