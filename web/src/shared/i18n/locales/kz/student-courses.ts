import type { Messages } from '../ru';

export const studentCourses: Messages['studentCourses'] = {
  title: 'Курстар',
  description: 'Мектебіңіздің жарияланған курстары.',
  empty: 'Әзірге курстар жоқ.',
  missing: 'Курс табылмады',
  back: '← Барлық курстар',
  materialsCount_one: '{{count}} материал',
  materialsCount_few: '{{count}} материал',
  materialsCount_many: '{{count}} материал',
  materialsCount_other: '{{count}} материал',
  groupTitle: '{{number}}. {{name}}',
  noMaterials: 'Әзірге материалдар жоқ.',
  byAssignment: 'Мұғалімнің тапсырмасы арқылы қолжетімді',
  type: { lesson: 'Сабақ', quiz: 'Тест' },
};
