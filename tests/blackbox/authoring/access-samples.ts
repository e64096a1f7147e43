import { authoringCollections } from '../../../services/src/contexts/authoring/collections';
import { GROUPS, type Group } from '../../../services/src/platform/http/caller';
import { callerFor, type RecordsApp } from '../records/records-app';

/**
 * What the generated access test (records/access.int.test.ts) needs for the authoring collections. A
 * chapter, component, group or material names a parent the caller must be allowed to use, so each
 * caller the test plays (owner, colleague, other school, in every group) gets parents of their own,
 * planted before the test runs; a sample names the parents of the caller it is sent by.
 */
export const authoringAccessCollections = authoringCollections;

type Perspective = 'owner' | 'colleague' | 'other-school';
const callerOf = (group: Group, perspective: Perspective) =>
  perspective === 'owner'
    ? callerFor(group, 'school-a', 1)
    : perspective === 'colleague'
      ? callerFor(group, 'school-a', 2)
      : callerFor(group, 'school-b', 1);

interface Parents {
  lesson: string;
  chapter: string;
  course: string;
  group: string;
}
const parents = new Map<string, Parents>();
const parentsOf = (group: Group = 'teacher', perspective: Perspective = 'owner') => {
  const found = parents.get(`${group}/${perspective}`);
  if (!found) throw new Error(`plantAuthoringParents has not run for ${group}/${perspective}`);
  return found;
};

const collection = (name: string) => authoringCollections.find((c) => c.name === name)!;

export async function plantAuthoringParents(records: RecordsApp): Promise<void> {
  for (const group of GROUPS) {
    for (const perspective of ['owner', 'colleague', 'other-school'] as const) {
      const caller = callerOf(group, perspective);
      const plant = (name: string, data: object) =>
        records.plant(collection(name), collection(name).create.parse(data), caller);
      const lesson = await plant('lessons', { name: `Урок ${caller.userId}` });
      const chapter = await plant('lesson-chapters', { lesson_id: lesson, name: 'Глава' });
      const course = await plant('courses', { name: `Курс ${caller.userId}`, status: 'published' });
      const courseGroup = await plant('course-groups', { course_id: course, name: 'Раздел' });
      parents.set(`${group}/${perspective}`, { lesson, chapter, course, group: courseGroup });
    }
  }
  await records.caughtUp();
}

let counter = 0;
type Sample = (group?: Group, perspective?: Perspective) => { create: object; update: object };

export const authoringSamples: Record<string, Sample> = {
  lessons: () => ({ create: { name: `Урок ${++counter}` }, update: { name: 'Урок изменён' } }),
  'lesson-chapters': (group, perspective) => ({
    create: { lesson_id: parentsOf(group, perspective).lesson, name: `Глава ${++counter}` },
    update: { name: 'Глава изменена' },
  }),
  'lesson-components': (group, perspective) => ({
    create: {
      chapter_id: parentsOf(group, perspective).chapter,
      component_type: 'choice',
      data: {
        question: 'Да?',
        options: [
          { id: 'y', text: 'Да' },
          { id: 'n', text: 'Нет' },
        ],
        correct: ['y'],
      },
    },
    update: { position: 2 },
  }),
  quiz: () => ({ create: { name: `Тест ${++counter}` }, update: { description: 'Изменён' } }),
  // Published, so that colleagues see it as the table says; drafts have their own test.
  courses: () => ({
    create: { name: `Курс ${++counter}`, status: 'published' },
    update: { name: 'Курс изменён' },
  }),
  'course-groups': (group, perspective) => ({
    create: { course_id: parentsOf(group, perspective).course, name: `Раздел ${++counter}` },
    update: { name: 'Раздел изменён' },
  }),
  'course-materials': (group, perspective) => {
    const { course, group: courseGroup, lesson } = parentsOf(group, perspective);
    return {
      // Published, so that students see it as the table says (contexts/authoring/visibility.ts).
      create: {
        course_id: course,
        course_group_id: courseGroup,
        type: 'lesson',
        lesson_id: lesson,
        status: 'published',
      },
      update: { name: 'Материал изменён' },
    };
  },
};
