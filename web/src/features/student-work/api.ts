import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, records } from '../../shared/api';
import type { Answer, StudentAssignment, StudentAttempt, StudentResult } from './model';

export const PAGE_SIZE = 25;

export const workKeys = {
  pages: ['student-work', 'assignments'] as const,
  page: (page: number) => ['student-work', 'assignments', page] as const,
  one: (id: string) => ['student-work', 'assignment', id] as const,
  mine: (id: string) => ['student-work', 'mine', id] as const,
};

/** The assignments given to the student (the platform narrows the list to theirs). */
export function myAssignmentsQuery(page: number) {
  return queryOptions({
    queryKey: workKeys.page(page),
    queryFn: ({ signal }) =>
      records.page<StudentAssignment>('assignments', { page, limit: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}

export function studentAssignmentQuery(id: string) {
  return queryOptions({
    queryKey: workKeys.one(id),
    queryFn: ({ signal }) => records.get<StudentAssignment>('assignments', id, signal),
  });
}

/** The student's own attempts, graded answers and score on one assignment. */
export function myWorkQuery(assignmentId: string) {
  return queryOptions({
    queryKey: workKeys.mine(assignmentId),
    queryFn: async ({ signal }) => {
      const filter = { filter: { assignment_id: assignmentId } };
      const [attempts, results, scores] = await Promise.all([
        records.list<StudentAttempt>('assignment-attempts', { ...filter, orderBy: 'number' }, signal),
        records.list<StudentResult>('assignment-results', filter, signal),
        records.list<{ score: number }>('assignment-scores', filter, signal),
      ]);
      return { attempts, results, score: scores[0]?.score ?? null };
    },
  });
}

export const workApi = {
  start: (assignmentId: string) =>
    records.create<StudentAttempt>('assignment-attempts', { assignment_id: assignmentId }),
  answer: (attemptId: string, component: { id: string; type: string }, answer: Answer) =>
    records.create<StudentResult>('assignment-results', {
      assignment_attempt_id: attemptId,
      component_id: component.id,
      component_type: component.type,
      answer,
    }),
  finish: async (attemptId: string) =>
    (
      await api.post<{ entity: StudentAttempt }>(
        `/api/assignment-attempts/${encodeURIComponent(attemptId)}/finish.json`,
      )
    ).entity,
};
