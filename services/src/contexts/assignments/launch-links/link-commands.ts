import type { ContextServices } from '../../../platform/context';
import { handleCommand } from '../../../platform/commands/handle-command';
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
 * Through the platform's command handler, then wait for the read model (the teacher reads the link
 * right after). Two issues at once meet at the expected version: the loser decides again and finds the
 * winner's link (and waits for the read model to show it too). Event ids come from the version and the
 * command, so a retried append writes nothing twice.
 */
export async function runLaunchLinkCommand(
  services: Pick<ContextServices, 'store' | 'db'>,
  command: LaunchLinkCommand,
): Promise<void> {
  const stream = launchLinkStream(command.assignmentId);
  await handleCommand(services.store, stream, launchLinkDecider, command, {
    eventId: (_event, index, version) => eventId(stream, version, command.type, index),
    metadata: {
      occurredAt: command.at,
      userId: command.by,
      ...(command.type === 'Revoke' ? {} : { schoolId: command.schoolId }),
    },
    attempts: 5,
    // Nothing to add: another issue may have just stored the link, and the caller reads it from the
    // read model next, so wait until the read model holds what this decision saw.
    waitFor: { db: services.db, projections: [LAUNCH_LINKS_PROJECTION], whenNothingDecided: true },
  });
}

const launchLinkDecider = {
  initialState: initialLaunchLinkState,
  evolve: evolveLaunchLink,
  decide: decideLaunchLink,
};
