import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { records } from '../../shared/api';
import type { WatchedAssignment, WatchedAttempt } from './model';

/**
 * The most assignments the room asks for: the newest-starting unfinished ones, which hold every
 * assignment coming within 24 h and those running now unless a student has more than this many open.
 */
const LIMIT = 100;

/**
 * A fallback only: what changes the room (a new assignment, a teacher's suspend, resume, finish or new
 * times, a proctor's action) is pushed as a notification and refetched at once (use-live-refetch.ts);
 * this catches what a dropped socket missed.
 */
export const POLL_MS = 60_000;

export const watcherKeys = {
  all: ['assignment-watcher'] as const,
  assignments: ['assignment-watcher', 'assignments'] as const,
  attempts: (ids: readonly string[]) => ['assignment-watcher', 'attempts', ...ids] as const,
  classes: ['assignment-watcher', 'classes'] as const,
};

/** The student's unfinished assignments (the platform narrows the list to those given to them). */
export const watchedAssignmentsQuery = queryOptions({
  queryKey: watcherKeys.assignments,
  queryFn: async ({ signal }) =>
    (
      await records.page<WatchedAssignment>(
        'assignments',
        { limit: LIMIT, filter: { is_finished: false }, orderBy: 'starting_at', sortedBy: 'desc' },
        signal,
      )
    ).data,
  refetchInterval: POLL_MS,
});

/** The student's own attempts on the assignments shown, in one call. */
export function watchedAttemptsQuery(assignmentIds: readonly string[]) {
  return queryOptions({
    queryKey: watcherKeys.attempts(assignmentIds),
    queryFn: ({ signal }) =>
      records.list<WatchedAttempt>(
        'assignment-attempts',
        { filter: { assignment_id: [...assignmentIds] } },
        signal,
      ),
    enabled: assignmentIds.length > 0,
    // A new row changes the key: the others keep their attempt state meanwhile instead of blinking.
    placeholderData: keepPreviousData,
    refetchInterval: POLL_MS,
  });
}

/** The classes the student is in, for naming each assignment's class. */
export const myClassesQuery = queryOptions({
  queryKey: watcherKeys.classes,
  queryFn: ({ signal }) => records.list<{ id: string; name: string }>('classes', { limit: 100 }, signal),
  staleTime: 5 * 60_000,
});
