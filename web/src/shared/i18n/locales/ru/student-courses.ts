/** The student's courses (001 §2 /s/courses, /s/courses/{course}). */
export const studentCourses = {
  title: 'Курсы',
  description: 'Опубликованные курсы вашей школы.',
  empty: 'Курсов пока нет.',
  missing: 'Курс не найден',
  back: '← Все курсы',
  materialsCount_one: '{{count}} материал',
  materialsCount_few: '{{count}} материала',
  materialsCount_many: '{{count}} материалов',
  materialsCount_other: '{{count}} материала',
  groupTitle: '{{number}}. {{name}}',
  noMaterials: 'Материалов пока нет.',
  byAssignment: 'Доступно по заданию учителя',
  type: { lesson: 'Урок', quiz: 'Тест' },
};
