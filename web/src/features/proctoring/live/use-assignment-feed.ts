import type { ServerEventMap } from '@sabaq/events';
import { useChannel, type ChannelState } from '../../../shared/realtime';
import type { ProctoringAction } from '../model/types';

/** A pushed action in the shape the actions list answers, so both go through one model. */
export function actionFromPush(push: ServerEventMap['ActionRecorded']): ProctoringAction {
  const extra = push as Record<string, unknown>;
  return {
    id: String(extra.id ?? `${push.attempt_id}:${push.occurred_at}:${push.action_type}`),
    assignment_id: push.assignment_id,
    assignment_attempt_id: push.attempt_id,
    student_id: push.student_id,
    initiator_id: typeof extra.initiator_id === 'string' ? extra.initiator_id : null,
    action_type: push.action_type,
    is_warning: push.is_warning,
    description: typeof extra.description === 'string' ? extra.description : null,
    source: (extra.source as ProctoringAction['source'] | undefined) ?? 'client',
    created_at: push.occurred_at,
    condition_id: typeof extra.condition_id === 'string' ? extra.condition_id : null,
    condition_phase: typeof extra.condition_phase === 'string' ? extra.condition_phase : null,
  };
}

/**
 * Listens to `assignment.{id}` on the app's realtime connection while the page is open: every pushed
 * action is handed to `onAction`; after each (re)subscription `onResync` runs so the page refetches
 * what a gap may have lost.
 */
export function useAssignmentFeed(
  assignmentId: string,
  onAction: (action: ProctoringAction) => void,
  onResync: () => void,
): ChannelState {
  return useChannel(`assignment.${assignmentId}`, {
    onEvent: (event, data) => {
      if (event === 'ActionRecorded') onAction(actionFromPush(data as ServerEventMap['ActionRecorded']));
    },
    onSubscribed: onResync,
  });
}
