import type { ServerEventMap } from '@sabaq/events';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../../shared/api';
import { realtimeUrl } from '../../realtime';
import { refreshSession, useSession } from '../../session';
import type { ProctoringAction } from '../model/types';
import { AssignmentChannel, type ChannelState } from './assignment-channel';

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
  };
}

/**
 * Listens to `assignment.{id}` while the page is open: every pushed action is handed to `onAction`;
 * after each (re)subscription `onResync` runs so the page refetches what a gap may have lost.
 */
export function useAssignmentFeed(
  assignmentId: string,
  onAction: (action: ProctoringAction) => void,
  onResync: () => void,
): ChannelState {
  const [state, setState] = useState<ChannelState>('connecting');
  const handlers = useRef({ onAction, onResync });
  handlers.current = { onAction, onResync };
  const hasToken = useSession((s) => s.wsToken !== null);

  useEffect(() => {
    if (!hasToken) return;
    const channel = new AssignmentChannel({
      url: realtimeUrl(window.location),
      channel: `assignment.${assignmentId}`,
      wsToken: () => useSession.getState().wsToken,
      authorize: async (socketId, name) =>
        (await api.post<{ auth: string }>('/broadcasting/auth', { socket_id: socketId, channel_name: name }))
          .auth,
      renewTokens: () => refreshSession(useSession.getState().accessToken ?? ''),
      onAction: (push) => handlers.current.onAction(actionFromPush(push)),
      onSubscribed: () => handlers.current.onResync(),
      onState: setState,
    });
    channel.start();
    return () => channel.stop();
  }, [assignmentId, hasToken]);

  return state;
}
