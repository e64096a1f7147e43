import {
  isEvent,
  type AssignmentLaunchLinkIssuedData,
  type AssignmentLaunchLinkRevokedData,
} from '@sabaq/events';

/**
 * One assignment's launch link (stream `assignment_launch_link-<assignmentId>`): at most one live
 * token and its short code. Issuing while one lives decides nothing (the teacher copies the same link again); renewing
 * revokes the live one and issues a new one together; revoking ends it. Pure.
 */
export type LaunchLinkEvent =
  | { type: 'AssignmentLaunchLinkIssued'; data: AssignmentLaunchLinkIssuedData }
  | { type: 'AssignmentLaunchLinkRevoked'; data: AssignmentLaunchLinkRevokedData };

export type LaunchLinkCommand =
  | {
      type: 'Issue' | 'Renew';
      /** Drawn by the caller (link-token.ts, link-code.ts), so the decider stays pure. */
      token: string;
      code: string;
      assignmentId: string;
      schoolId: string;
      by: string;
      at: string;
    }
  | { type: 'Revoke'; assignmentId: string; by: string; at: string };

export interface LaunchLinkState {
  live: { token: string } | null;
}

export const initialLaunchLinkState: LaunchLinkState = { live: null };

export function decideLaunchLink(command: LaunchLinkCommand, state: LaunchLinkState): LaunchLinkEvent[] {
  switch (command.type) {
    case 'Issue':
    case 'Renew': {
      if (state.live && command.type === 'Issue') return [];
      const issued: LaunchLinkEvent = {
        type: 'AssignmentLaunchLinkIssued',
        data: {
          token: command.token,
          code: command.code,
          assignment_id: command.assignmentId,
          school_id: command.schoolId,
          issued_by: command.by,
          at: command.at,
        },
      };
      return state.live ? [revoked(state.live.token, command), issued] : [issued];
    }
    case 'Revoke':
      return state.live ? [revoked(state.live.token, command)] : [];
    default: {
      const never: never = command;
      throw new Error(`unknown command ${JSON.stringify(never)}`);
    }
  }
}

function revoked(token: string, command: { assignmentId: string; by: string; at: string }): LaunchLinkEvent {
  return {
    type: 'AssignmentLaunchLinkRevoked',
    data: { token, assignment_id: command.assignmentId, by: command.by, at: command.at },
  };
}

export function evolveLaunchLink(
  state: LaunchLinkState,
  event: { type: string; data: unknown },
): LaunchLinkState {
  if (isEvent(event, 'AssignmentLaunchLinkIssued')) return { live: { token: event.data.token } };
  if (isEvent(event, 'AssignmentLaunchLinkRevoked')) return { live: null };
  return state;
}
