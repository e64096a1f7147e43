import type { Messages } from '../ru';

export const studentCourses: Messages['studentCourses'] = {
  title: 'Courses',
  description: 'The published courses of your school.',
  empty: 'No courses yet.',
  missing: 'Course not found',
  back: '← All courses',
  materialsCount_one: '{{count}} material',
  materialsCount_few: '{{count}} materials',
  materialsCount_many: '{{count}} materials',
  materialsCount_other: '{{count}} materials',
  groupTitle: '{{number}}. {{name}}',
  noMaterials: 'No materials yet.',
  byAssignment: 'Available through a teacher’s assignment',
  type: { lesson: 'Lesson', quiz: 'Quiz' },
};
