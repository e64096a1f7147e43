import { isEvent, type ReportLinkRevokedData, type ReportLinkSharedData } from '@sabaq/events';

/**
 * One attempt's share link (stream `report_link-<attemptId>`): at most one live link; sharing while
 * one lives decides nothing (the teacher copies the same link again); revoking ends it, and sharing
 * afterwards makes a new token. Pure.
 */
export type ReportLinkEvent =
  | { type: 'ReportLinkShared'; data: ReportLinkSharedData }
  | { type: 'ReportLinkRevoked'; data: ReportLinkRevokedData };

export type ReportLinkCommand =
  | {
      type: 'Share';
      /** Drawn by the caller (report-token.ts), so the decider stays pure. */
      token: string;
      attemptId: string;
      assignmentId: string;
      studentId: string;
      schoolId: string;
      by: string;
      at: string;
    }
  | { type: 'Revoke'; attemptId: string; by: string; at: string };

export interface ReportLinkState {
  live: { token: string; sharedAt: string; sharedBy: string } | null;
}

export const initialReportLinkState: ReportLinkState = { live: null };

export function decideReportLink(command: ReportLinkCommand, state: ReportLinkState): ReportLinkEvent[] {
  switch (command.type) {
    case 'Share':
      if (state.live) return [];
      return [
        {
          type: 'ReportLinkShared',
          data: {
            token: command.token,
            attempt_id: command.attemptId,
            assignment_id: command.assignmentId,
            student_id: command.studentId,
            school_id: command.schoolId,
            shared_by: command.by,
            at: command.at,
          },
        },
      ];
    case 'Revoke':
      if (!state.live) return [];
      return [
        {
          type: 'ReportLinkRevoked',
          data: { token: state.live.token, attempt_id: command.attemptId, by: command.by, at: command.at },
        },
      ];
    default: {
      const never: never = command;
      throw new Error(`unknown command ${JSON.stringify(never)}`);
    }
  }
}

export function evolveReportLink(
  state: ReportLinkState,
  event: { type: string; data: unknown },
): ReportLinkState {
  if (isEvent(event, 'ReportLinkShared')) {
    const d = event.data;
    return { live: { token: d.token, sharedAt: d.at, sharedBy: d.shared_by } };
  }
  if (isEvent(event, 'ReportLinkRevoked')) return { live: null };
  return state;
}
