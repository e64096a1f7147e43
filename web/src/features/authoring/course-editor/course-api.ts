import { queryOptions } from '@tanstack/react-query';
import { records } from '../../../shared/api';
import { authoringKeys } from '../api';
import { positionUpdates, type AssignmentOption, type CourseWithParts } from './course-model';

export const courseQuery = (id: string) =>
  queryOptions({
    queryKey: authoringKeys.one('courses', id),
    queryFn: ({ signal }) => records.get<CourseWithParts>('courses', id, signal),
  });

/** The lessons or quizzes a teacher may put into a course: their own (the course's materials are theirs). */
export const ownMaterialsQuery = (type: 'lesson' | 'quiz', ownerId: string | undefined) =>
  queryOptions({
    queryKey: ['authoring', 'course-picker', type, ownerId ?? null],
    queryFn: ({ signal }) =>
      records.list<{ id: string; name: string }>(
        type === 'quiz' ? 'quiz' : 'lessons',
        { limit: 100, ...(ownerId ? { owner_id: ownerId } : {}) },
        signal,
      ),
  });

/** The assignments a material may link to: the teacher's own (a manager's: the school's), up to 100. */
export const assignmentOptionsQuery = (ownerId: string | undefined) =>
  queryOptions({
    queryKey: ['authoring', 'course-assignments', ownerId ?? null],
    queryFn: ({ signal }) =>
      records.list<AssignmentOption>(
        'assignments',
        { limit: 100, ...(ownerId ? { owner_id: ownerId } : {}) },
        signal,
      ),
  });

/** The course API's writes the editor makes (docs/authoring.md: courses, course-groups, course-materials). */
export const courseApi = {
  saveCourse: (id: string, changes: object) => records.update('courses', id, changes),
  addGroup: (courseId: string, name: string, position: number) =>
    records.create('course-groups', { course_id: courseId, name, position }),
  renameGroup: (id: string, name: string) => records.update('course-groups', id, { name }),
  removeGroup: (id: string) => records.remove('course-groups', id),
  addMaterial: (body: {
    course_id: string;
    course_group_id: string | null;
    type: 'lesson' | 'quiz';
    lesson_id?: string;
    quiz_id?: string;
    position: number;
  }) => records.create('course-materials', body),
  moveMaterial: (id: string, to: { course_group_id: string | null; position: number }) =>
    records.update('course-materials', id, to),
  removeMaterial: (id: string) => records.remove('course-materials', id),
  linkAssignment: (id: string, assignmentId: string | null) =>
    records.update('course-materials', id, { assignment_id: assignmentId }),
  /** Saves a reordered list's positions one by one (each a command on its own stream). */
  async reorder(collection: 'course-groups' | 'course-materials', list: { id: string; position: number }[]) {
    for (const { id, position } of positionUpdates(list)) await records.update(collection, id, { position });
  },
};
