import type { ServerEventMap } from '@sabaq/events';
import { useChannel, type ChannelState } from '../../../shared/realtime';
import { withTime, type ProctoringAction } from '../model/types';

/**
 * Listens to `assignment.{id}` on the app's realtime connection while the page is open: every pushed
 * action is handed to `onAction`; the attempts whose timelines the server has just stored (pushed at the
 * projection's commit, so a read now sees them) to `onTimelines`; after each (re)subscription
 * `onResync` runs so the page refetches what a gap may have lost.
 */
export function useAssignmentFeed(
  assignmentId: string,
  onAction: (action: ProctoringAction) => void,
  onTimelines: (attemptIds: string[]) => void,
  onResync: () => void,
): ChannelState {
  return useChannel(`assignment.${assignmentId}`, {
    onEvent: (event, data) => {
      // The push is the list's entity itself (one contract), so it joins the loaded list as it is.
      if (event === 'ActionRecorded') withTime([data as ServerEventMap['ActionRecorded']]).forEach(onAction);
      if (event === 'TimelineChanged')
        onTimelines((data as ServerEventMap['TimelineChanged']).assignment_attempt_ids);
    },
    onSubscribed: onResync,
  });
}
