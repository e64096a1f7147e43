import type { ContextServices } from '../../../platform/context';
import { handleCommand } from '../../../platform/commands/handle-command';
import { certificateEventId } from '../ids';
import { CERTIFICATES_PROJECTION } from '../read-model/tables';
import {
  decideReportLink,
  evolveReportLink,
  initialReportLinkState,
  type ReportLinkCommand,
} from './report-link-decider';

export const reportLinkStream = (attemptId: string) => `report_link-${attemptId}`;

/**
 * Through the platform's command handler, then wait for the read model (the teacher reads the link
 * right after). A concurrent share on the same attempt meets at the expected version: the loser decides
 * again and finds the winner's link. Event ids come from the version, so a retried append writes
 * nothing twice.
 */
export async function runReportLinkCommand(
  services: Pick<ContextServices, 'store' | 'db'>,
  command: ReportLinkCommand,
): Promise<void> {
  const stream = reportLinkStream(command.attemptId);
  await handleCommand(services.store, stream, reportLinkDecider, command, {
    eventId: (_event, index, version) => certificateEventId(stream, version, command.type, index),
    metadata: {
      occurredAt: command.at,
      userId: command.by,
      ...(command.type === 'Share' ? { schoolId: command.schoolId } : {}),
    },
    attempts: 5,
    waitFor: { db: services.db, projections: [CERTIFICATES_PROJECTION] },
  });
}

const reportLinkDecider = {
  initialState: initialReportLinkState,
  evolve: evolveReportLink,
  decide: decideReportLink,
};
