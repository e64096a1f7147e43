import { streamId } from '@sabaq/events';
import type { ContextServices } from '../../../platform/context';
import { uuidV5 } from '../../../platform/ids';
import { DEMO_SCHOOL_ID, demoUserId } from '../../identity/seed';
import {
  courseGroups,
  courseMaterials,
  courses,
  lessonChapters,
  lessonComponents,
  lessons,
  quiz,
} from '../collections';
import { appendDecided } from '../records/append';
import { decide, initialState } from '../records/record-decider';
import type { Data, RecordRules, References } from '../records/record-rules';
import {
  chapterRules,
  componentRules,
  courseGroupRules,
  courseMaterialRules,
  courseRules,
  lessonRules,
} from '../records/record-rules';
import { quizDecider, quizStream } from '../records/quiz-decider';
import { demoCourse, demoLessons, demoQuizzes } from './demo-content';

/** The id of a demo record by its path (e.g. `quiz:basics`); other contexts' demo data names them. */
export const demoAuthoringId = (path: string) => uuidV5(`demo-authoring:${path}`);
const idOf = demoAuthoringId;

/**
 * Demo content for the demo teacher (`DEMO=1`), through the same deciders as the HTTP commands. Ids and
 * event ids derive from fixed names and a record whose stream exists is skipped, so a second start (or
 * two api processes starting together) appends nothing new. The read models are not consulted: the
 * projector may not run yet, and the references are the records this seed makes.
 */
export async function seedAuthoringDemo(services: ContextServices): Promise<void> {
  if (!services.demo) return;
  const caller = { userId: demoUserId('teacher'), schoolId: DEMO_SCHOOL_ID };

  const create = async (rules: RecordRules, id: string, data: Data, references: References = {}) => {
    const stream = streamId(rules.category, id);
    if ((await services.store.streamVersion(stream)) >= 0) return;
    const events = decide(rules, { type: 'create', id, data, references }, initialState);
    await appendDecided(services, stream, -1, events, caller, (i) => uuidV5(`${stream}:created:${i}`));
  };

  for (const lesson of demoLessons) {
    const lessonId = idOf(`lesson:${lesson.key}`);
    await create(
      lessonRules,
      lessonId,
      lessons.create.parse({
        name: lesson.name,
        description: lesson.description,
        color: lesson.color,
        status: 'published',
      }),
    );
    for (const [c, chapter] of lesson.chapters.entries()) {
      const chapterId = idOf(`lesson:${lesson.key}:chapter:${chapter.key}`);
      await create(
        chapterRules,
        chapterId,
        lessonChapters.create.parse({ lesson_id: lessonId, name: chapter.name, position: c }),
        { lesson_id: { id: lessonId } },
      );
      for (const [p, component] of chapter.components.entries()) {
        const { key, ...fields } = component;
        await create(
          componentRules,
          idOf(`lesson:${lesson.key}:component:${key}`),
          lessonComponents.create.parse({ ...fields, chapter_id: chapterId, position: p }),
          { chapter_id: { id: chapterId } },
        );
      }
    }
  }

  for (const demo of demoQuizzes) {
    const quizId = idOf(`quiz:${demo.key}`);
    const stream = quizStream(quizId);
    if ((await services.store.streamVersion(stream)) >= 0) continue;
    const { components, ...data } = quiz.create.parse({
      name: demo.name,
      description: demo.description,
      components: demo.components.map(({ key: _key, ...fields }) => fields),
    }) as Data & { components: Data[] };
    const events = quizDecider.decide(
      {
        type: 'create',
        id: quizId,
        data: data as never,
        components: components.map((fields, i) => ({
          id: idOf(`quiz:${demo.key}:component:${demo.components[i]!.key}`),
          isNew: true,
          fields,
        })),
      },
      quizDecider.initialState,
    );
    await appendDecided(services, stream, -1, events, caller, (i) => uuidV5(`${stream}:created:${i}`));
  }

  const courseId = idOf(`course:${demoCourse.key}`);
  await create(
    courseRules,
    courseId,
    courses.create.parse({
      name: demoCourse.name,
      short_description: demoCourse.short_description,
      status: 'published',
    }),
  );
  for (const [g, group] of demoCourse.groups.entries()) {
    const groupId = idOf(`course:${demoCourse.key}:group:${group.key}`);
    await create(
      courseGroupRules,
      groupId,
      courseGroups.create.parse({ course_id: courseId, name: group.name, position: g }),
      { course_id: { id: courseId } },
    );
    for (const [m, material] of group.materials.entries()) {
      const lesson = 'lesson' in material ? demoLessons.find((l) => l.key === material.lesson) : undefined;
      const quizOf = 'quiz' in material ? demoQuizzes.find((q) => q.key === material.quiz) : undefined;
      const lessonId = lesson ? idOf(`lesson:${lesson.key}`) : null;
      const quizId = quizOf ? idOf(`quiz:${quizOf.key}`) : null;
      await create(
        courseMaterialRules,
        idOf(`course:${demoCourse.key}:material:${group.key}:${material.key}`),
        courseMaterials.create.parse({
          course_id: courseId,
          course_group_id: groupId,
          type: material.type,
          lesson_id: lessonId,
          quiz_id: quizId,
          status: 'published',
          position: m,
        }),
        {
          course_id: { id: courseId },
          course_group_id: { id: groupId, course_id: courseId },
          ...(lessonId ? { lesson_id: { id: lessonId, name: lesson!.name } } : {}),
          ...(quizId ? { quiz_id: { id: quizId, name: quizOf!.name } } : {}),
        },
      );
    }
  }
}
