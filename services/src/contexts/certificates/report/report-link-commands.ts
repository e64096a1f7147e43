import type { ContextServices } from '../../../platform/context';
import { WrongExpectedVersionError } from '../../../platform/errors';
import { waitForProjections } from '../../../platform/projections/wait-for-projection';
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
 * load → decide → append with the version decided against, then wait for the read model (the teacher
 * reads the link right after). A concurrent share on the same attempt meets at the expected version:
 * the loser decides again and finds the winner's link. Event ids come from the version, so a retried
 * append writes nothing twice.
 */
export async function runReportLinkCommand(
  services: Pick<ContextServices, 'store' | 'db'>,
  command: ReportLinkCommand,
): Promise<void> {
  const stream = reportLinkStream(command.attemptId);
  for (let attempt = 1; ; attempt++) {
    const history = await services.store.readStream(stream);
    const events = decideReportLink(command, history.reduce(evolveReportLink, initialReportLinkState));
    if (events.length === 0) return;
    const version = history.length - 1;
    try {
      const result = await services.store.append(
        stream,
        events.map((event, index) => ({
          id: certificateEventId(stream, version, command.type, index),
          type: event.type,
          data: event.data,
          metadata: {
            occurredAt: command.at,
            userId: command.by,
            ...(command.type === 'Share' ? { schoolId: command.schoolId } : {}),
          },
        })),
        { expectedVersion: version < 0 ? 'no_stream' : version },
      );
      await waitForProjections(services.db, [CERTIFICATES_PROJECTION], result.lastGlobalPosition);
      return;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= 5) throw error;
    }
  }
}
