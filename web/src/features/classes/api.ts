import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { records } from '../../shared/api';

export interface ClassRecord {
  id: string;
  name: string;
  description: string | null;
  color: string | null;
  students: string[];
  teachers: string[];
  students_count: number;
  teachers_count: number;
  created_at: string;
}

export interface StudentOption {
  id: string;
  user: { lastname: string; firstname: string; patronymic: string | null };
}

export const PAGE_SIZE = 25;

export const classKeys = {
  pages: ['classes', 'page'] as const,
  page: (page: number) => ['classes', 'page', page] as const,
  one: (id: string) => ['classes', 'one', id] as const,
  students: ['classes', 'students'] as const,
};

export const classesPageQuery = (page: number) =>
  queryOptions({
    queryKey: classKeys.page(page),
    queryFn: ({ signal }) => records.page<ClassRecord>('classes', { page, limit: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

export const classQuery = (id: string) =>
  queryOptions({
    queryKey: classKeys.one(id),
    queryFn: ({ signal }) => records.get<ClassRecord>('classes', id, signal),
  });

/** The school's students a teacher may put in a class (the record API lets teachers read them). */
export const schoolStudentsQuery = queryOptions({
  queryKey: classKeys.students,
  queryFn: ({ signal }) => records.list<StudentOption>('students', {}, signal),
});

export const nameOf = (s: StudentOption) =>
  [s.user.lastname, s.user.firstname, s.user.patronymic].filter(Boolean).join(' ');

export const classesApi = {
  create: (body: object) => records.create<ClassRecord>('classes', body),
  update: (id: string, body: object) => records.update<ClassRecord>('classes', id, body),
  remove: (id: string) => records.remove('classes', id),
};
