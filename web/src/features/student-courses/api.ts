import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { records } from '../../shared/api';
import type { StudentCourse } from './model';

export const PAGE_SIZE = 12;

export const studentCourseKeys = {
  page: (page: number) => ['student-courses', 'page', page] as const,
  one: (id: string) => ['student-courses', 'one', id] as const,
};

/** The courses the student may read (the platform narrows the list to published, non-private ones). */
export function myCoursesQuery(page: number) {
  return queryOptions({
    queryKey: studentCourseKeys.page(page),
    queryFn: ({ signal }) =>
      records.page<StudentCourse>(
        'courses',
        { page, limit: PAGE_SIZE, orderBy: 'name', sortedBy: 'asc' },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

/** One course with its published groups and materials, nested. */
export function studentCourseQuery(id: string) {
  return queryOptions({
    queryKey: studentCourseKeys.one(id),
    queryFn: ({ signal }) => records.get<StudentCourse>('courses', id, signal),
  });
}
