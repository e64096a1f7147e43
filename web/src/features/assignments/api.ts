import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, records } from '../../shared/api';
import type {
  AnswerResult,
  Assignment,
  Attempt,
  ClassRecord,
  NamedRecord,
  ReviewerResult,
  Score,
} from './model';

export const PAGE_SIZE = 25;

export const assignmentKeys = {
  all: ['assignments'] as const,
  pages: ['assignments', 'page'] as const,
  page: (page: number, query: string) => ['assignments', 'page', page, query] as const,
  one: (id: string) => ['assignments', 'one', id] as const,
  work: (id: string) => ['assignments', 'work', id] as const,
};

export function assignmentsPageQuery(page: number, query: string) {
  return queryOptions({
    queryKey: assignmentKeys.page(page, query),
    queryFn: ({ signal }) =>
      records.page<Assignment>(
        'assignments',
        { page, limit: PAGE_SIZE, ...(query ? { query } : {}) },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export function assignmentQuery(id: string) {
  return queryOptions({
    queryKey: assignmentKeys.one(id),
    queryFn: ({ signal }) => records.get<Assignment>('assignments', id, signal),
  });
}

/** Everything students did on one assignment: attempts, graded answers, reviews and scores. */
export function assignmentWorkQuery(id: string) {
  return queryOptions({
    queryKey: assignmentKeys.work(id),
    queryFn: async ({ signal }) => {
      const filter = { filter: { assignment_id: id } };
      const [attempts, results, reviews, scores] = await Promise.all([
        records.list<Attempt>('assignment-attempts', filter, signal),
        records.list<AnswerResult>('assignment-results', filter, signal),
        records.list<ReviewerResult>('assignment-reviewer-results', filter, signal),
        records.list<Score>('assignment-scores', filter, signal),
      ]);
      return { attempts, results, reviews, scores };
    },
  });
}

/** Names of the students of an assignment (the record API reads several ids at once). */
export function studentNamesQuery(ids: string[]) {
  return queryOptions({
    queryKey: ['assignments', 'students', ids] as const,
    enabled: ids.length > 0,
    queryFn: async ({ signal }) => {
      const found = await records.list<{
        id: string;
        user: { lastname: string; firstname: string; patronymic: string | null };
      }>('students', { filter: { id: ids } }, signal);
      return Object.fromEntries(
        found.map((s) => [
          s.id,
          [s.user.lastname, s.user.firstname, s.user.patronymic].filter(Boolean).join(' '),
        ]),
      );
    },
  });
}

/** The pickers of the create form: the school's classes, quizzes and lessons (up to 100 of each). */
export const pickerQueries = {
  classes: queryOptions({
    queryKey: ['assignments', 'picker', 'classes'] as const,
    queryFn: ({ signal }) => records.list<ClassRecord>('classes', { limit: 100 }, signal),
  }),
  quizzes: queryOptions({
    queryKey: ['assignments', 'picker', 'quiz'] as const,
    queryFn: ({ signal }) => records.list<NamedRecord>('quiz', { limit: 100 }, signal),
  }),
  lessons: queryOptions({
    queryKey: ['assignments', 'picker', 'lessons'] as const,
    queryFn: ({ signal }) => records.list<NamedRecord>('lessons', { limit: 100 }, signal),
  }),
};

export type AssignmentAction = 'suspend' | 'resume' | 'finish' | 'clone';
export type StudentAction = 'finish' | 'restore' | 'reset-time';

export const assignmentsApi = {
  create: (body: object) => records.create<Assignment>('assignments', body),
  update: (id: string, body: object) => records.update<Assignment>('assignments', id, body),
  /** suspend, resume and finish answer the assignment; clone answers the copy (201). */
  act: async (id: string, action: AssignmentAction) => {
    const answer = await api.post<{ entity: Assignment }>(
      `/api/assignments/${encodeURIComponent(id)}/${action}.json`,
    );
    return answer.entity;
  },
  actOnStudent: (id: string, studentId: string, action: StudentAction) =>
    api.post<{ entities: Attempt[] }>(
      `/api/assignments/${encodeURIComponent(id)}/students/${encodeURIComponent(studentId)}/${action}.json`,
    ),
  addTime: (id: string, studentId: string, minutes: number) =>
    api.post<{ entities: Attempt[] }>(
      `/api/assignments/${encodeURIComponent(id)}/students/${encodeURIComponent(studentId)}/time.json`,
      { minutes },
    ),
  review: (resultId: string, points: number) =>
    records.create<ReviewerResult>('assignment-reviewer-results', { assignment_result_id: resultId, points }),
};
