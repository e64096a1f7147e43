import type { AssignmentLaunchTarget } from '@sabaq/events';

/** What `/session/assignment/{token}` does for the visitor it has. */
export type LaunchDecision =
  | { kind: 'loading' }
  | { kind: 'sign-in' }
  | { kind: 'go'; to: string }
  | { kind: 'invalid' }
  | { kind: 'unreachable' }
  | { kind: 'not-yours' };

export interface LaunchInput {
  /** Null: signed out; undefined: the session is still being read. */
  user: { group: string } | null | undefined;
  target?: AssignmentLaunchTarget;
  /** The HTTP status of a refused look-up (0: no answer). */
  errorStatus?: number;
}

/**
 * Signed out: sign in first. A student of the assignment goes to it (to its registration page while it
 * waits for its start, which opens by itself); its teacher goes to the teacher's view; anyone else is
 * told the assignment is not theirs. An unknown or revoked token says so.
 */
export function launchDecision({ user, target, errorStatus }: LaunchInput): LaunchDecision {
  if (user === undefined) return { kind: 'loading' };
  if (user === null) return { kind: 'sign-in' };
  if (errorStatus !== undefined) return errorStatus === 404 ? { kind: 'invalid' } : { kind: 'unreachable' };
  if (!target) return { kind: 'loading' };
  const id = encodeURIComponent(target.assignment_id);
  if (target.relation === 'student' && user.group === 'student') {
    return {
      kind: 'go',
      to: target.status === 'remaining' ? `/s/assignments/${id}/register` : `/s/assignments/${id}`,
    };
  }
  if (target.relation === 'staff' && user.group === 'teacher')
    return { kind: 'go', to: `/t/assignments/${id}` };
  return { kind: 'not-yours' };
}
