import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifySuccess } from '../../../shared/toasts/notify';
import { authoringKeys } from '../api';

export interface CourseChange {
  run: () => Promise<unknown>;
  /** Said when it worked: 'Группа переименована'. */
  done: string;
}

/**
 * One way for every edit of a course's parts: run it, say so, and read the course again whatever the
 * outcome (a reorder of several saves may stop half-way; the screen then shows what was saved).
 */
export function useCourseChange(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: CourseChange) => change.run(),
    onSuccess: (_, change) => notifySuccess(change.done),
    onSettled: () => queryClient.invalidateQueries({ queryKey: authoringKeys.one('courses', courseId) }),
  });
}
