import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNotificationFeed } from '../../shared/realtime';
import { watcherKeys } from './api';

/**
 * Notifications pushed over the app's realtime socket (docs/notifications.md) that change what the
 * room shows: a new assignment, a proctor suspending, resuming or stopping the student's exam, and a
 * teacher suspending, resuming, finishing or moving the whole assignment.
 */
const RELEVANT = new Set([
  'assignment_given',
  'exam_suspended',
  'exam_resumed',
  'exam_stopped',
  'assignment_suspended',
  'assignment_resumed',
  'assignment_finished',
  'assignment_rescheduled',
]);

/** Refetches the room when one of those arrives while it is open (each push once). */
export function useLiveRefetch(): void {
  const client = useQueryClient();
  const items = useNotificationFeed((state) => state.items);
  const seen = useRef<Set<string | number> | null>(null);
  useEffect(() => {
    // What had already arrived before the room opened is in the first fetch.
    if (seen.current === null) {
      seen.current = new Set(items.map((i) => i.id));
      return;
    }
    const fresh = items.filter((i) => !seen.current!.has(i.id));
    for (const item of fresh) seen.current.add(item.id);
    if (fresh.some((i) => typeof i.type === 'string' && RELEVANT.has(i.type)))
      void client.invalidateQueries({ queryKey: watcherKeys.all });
  }, [items, client]);
}
