import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { records } from '../../shared/api';
import type { Lesson, Quiz } from './model';

export const PAGE_SIZE = 25;

/** The authoring collections with a list screen. */
export type AuthoringCollection = 'quiz' | 'lessons' | 'courses';

export const authoringKeys = {
  pages: (collection: AuthoringCollection) => ['authoring', collection, 'page'] as const,
  page: (collection: AuthoringCollection, page: number, query: string) =>
    ['authoring', collection, 'page', page, query] as const,
  one: (collection: AuthoringCollection, id: string) => ['authoring', collection, 'one', id] as const,
};

export function authoringPageQuery<T>(collection: AuthoringCollection, page: number, query: string) {
  return queryOptions({
    queryKey: authoringKeys.page(collection, page, query),
    queryFn: ({ signal }) =>
      records.page<T>(collection, { page, limit: PAGE_SIZE, ...(query ? { query } : {}) }, signal),
    placeholderData: keepPreviousData,
  });
}

export const quizQuery = (id: string) =>
  queryOptions({
    queryKey: authoringKeys.one('quiz', id),
    queryFn: ({ signal }) => records.get<Quiz>('quiz', id, signal),
  });

export const lessonQuery = (id: string) =>
  queryOptions({
    queryKey: authoringKeys.one('lessons', id),
    queryFn: ({ signal }) => records.get<Lesson>('lessons', id, signal),
  });

export const authoringApi = {
  saveQuiz: (id: string | null, body: object) =>
    id ? records.update<Quiz>('quiz', id, body) : records.create<Quiz>('quiz', body),
  saveLesson: (id: string | null, body: object) =>
    id ? records.update<Lesson>('lessons', id, body) : records.create<Lesson>('lessons', body),
  addChapter: (lessonId: string, name: string, position: number) =>
    records.create<{ id: string }>('lesson-chapters', { lesson_id: lessonId, name, position }),
  saveComponent: (id: string | undefined, body: object) =>
    id ? records.update('lesson-components', id, body) : records.create('lesson-components', body),
  removeComponent: (id: string) => records.remove('lesson-components', id),
  remove: (collection: AuthoringCollection, id: string) => records.remove(collection, id),
};

/** Field errors under `components.{i}.` split per component, for the editors to show. */
export function errorsByComponent(errors: Record<string, string>, prefix = 'components') {
  const per: Record<number, Record<string, string>> = {};
  for (const [field, text] of Object.entries(errors)) {
    const match = new RegExp(`^${prefix}\\.(\\d+)\\.(.+)$`).exec(field);
    if (!match) continue;
    (per[Number(match[1])] ??= {})[match[2]!] = text;
  }
  return per;
}
