import { z } from 'zod';
import { isInstantInRange } from '../instants';
import { boundedJson, FREE_JSON_LIMITS } from '../free-json';
import { defineContract, defineEvent } from '../registry';
import { authoringFieldSchemas, checkComponentContent, COMPONENT_TYPES } from './authoring-components';
import { changesOf } from './reference';

export * from './authoring-components';

/**
 * Authoring: the lessons, quizzes and courses teachers build. Each lesson, chapter, lesson component,
 * course, course group and course material is its own stream (`<category>-<id>`), so editing one
 * chapter never conflicts with editing another. A quiz is one stream with its components inside:
 * they are saved together (PUT /api/quiz/{id} with components) and its max score is their sum.
 */
const { id, name, text, image, color, position, settings, temporaryId, ids } = authoringFieldSchemas;
/**
 * A component's content, checked by type (checkComponentContent). The free-form depth limit holds; the
 * size is larger than a setting's, since a lesson's text and its options live here.
 */
const componentData = boundedJson(z.record(z.string(), z.unknown()), {
  depth: FREE_JSON_LIMITS.depth,
  bytes: 1024 * 1024,
});

export const RECORD_STATUSES = ['draft', 'published'] as const;
/** What the interface shows for a chapter saved without a name. */
export const UNTITLED_CHAPTER = 'Без названия';
export const chapterTitle = (chapterName: string | null | undefined) =>
  chapterName?.trim() ? chapterName : UNTITLED_CHAPTER;

export const lessonSchema = z.object({
  status: z.enum(RECORD_STATUSES).default('draft'),
  image,
  color,
  name,
  description: text(20_000),
  is_unlisted: z.boolean().default(false),
  settings,
});

export const lessonChapterSchema = z.object({
  lesson_id: id,
  name: z.string().trim().max(255).default(''),
  description: text(20_000),
  position,
  settings,
  temporary_id: temporaryId,
});

/** Type, data and settings are checked together (checkComponentContent) wherever the three meet. */
export const lessonComponentSchema = z.object({
  chapter_id: id,
  component_id: id.nullable().default(null),
  component_type: z.enum(COMPONENT_TYPES),
  data: componentData,
  position,
  settings,
  temporary_id: temporaryId,
});

export const quizSchema = z.object({
  image,
  color,
  name,
  description: text(20_000),
  is_unlisted: z.boolean().default(false),
  settings,
});

export const quizComponentSchema = z.object({
  component_id: id.nullable().default(null),
  component_type: z.enum(COMPONENT_TYPES),
  data: componentData,
  position,
  settings,
  temporary_id: temporaryId,
});

/** A date and time with its offset, in years every store keeps alike (instants.ts: 1900 to 2299). */
const moment = z.iso
  .datetime({ offset: true })
  .refine(isInstantInRange, 'Некорректная дата')
  .nullable()
  .default(null);

export const AVAILABILITY_TYPES = ['public', 'private', 'prepaid'] as const;
export const courseSchema = z.object({
  status: z.enum(RECORD_STATUSES).default('draft'),
  availability_type: z.enum(AVAILABILITY_TYPES).default('public'),
  invite_code_id: id.nullable().default(null),
  certificate_id: id.nullable().default(null),
  image,
  name,
  description: text(20_000),
  short_description: text(1000),
  starting_at_type: z.enum(['now', 'date']).default('now'),
  starting_at: moment,
  ending_at_type: z.enum(['without', 'date']).default('without'),
  ending_at: moment,
  settings,
  teachers: ids,
  students: ids,
  products: ids,
});

/** The course's dates agree with their types; checked on create and on the merged record of an edit. */
export function courseDateIssues(course: {
  starting_at_type?: string;
  starting_at?: string | null;
  ending_at_type?: string;
  ending_at?: string | null;
}): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (course.starting_at_type === 'date' && !course.starting_at) errors.starting_at = ['Укажите дату начала'];
  if (course.ending_at_type === 'date' && !course.ending_at) errors.ending_at = ['Укажите дату окончания'];
  if (
    course.starting_at_type === 'date' &&
    course.ending_at_type === 'date' &&
    course.starting_at &&
    course.ending_at &&
    Date.parse(course.ending_at) <= Date.parse(course.starting_at)
  ) {
    errors.ending_at = ['Дата окончания должна быть позже даты начала'];
  }
  return errors;
}

export const courseGroupSchema = z.object({
  course_id: id,
  name,
  description: text(20_000),
  position,
});

export const MATERIAL_TYPES = ['lesson', 'quiz'] as const;
export const courseMaterialSchema = z.object({
  course_id: id,
  course_group_id: id.nullable().default(null),
  type: z.enum(MATERIAL_TYPES),
  lesson_id: id.nullable().default(null),
  quiz_id: id.nullable().default(null),
  assignment_id: id.nullable().default(null),
  status: z.enum(RECORD_STATUSES).default('draft'),
  image,
  /** Taken from the lesson or quiz when left empty. */
  name: z.string().trim().max(255).nullable().default(null),
  description: text(20_000),
  short_description: text(1000),
  settings,
  position,
});

/** A material names the lesson or the quiz its type says. */
export function materialIssues(material: {
  type?: string;
  lesson_id?: string | null;
  quiz_id?: string | null;
}): Record<string, string[]> {
  if (material.type === 'lesson' && !material.lesson_id) return { lesson_id: ['Выберите урок'] };
  if (material.type === 'quiz' && !material.quiz_id) return { quiz_id: ['Выберите тест'] };
  return {};
}

/** Created (the fields and the id), Updated (only the changed fields), Deleted. */
function recordEventsOf<Kind extends string, Shape extends z.ZodRawShape>(
  kind: Kind,
  schema: z.ZodObject<Shape>,
  check?: (value: z.infer<z.ZodObject<Shape>>, ctx: z.RefinementCtx) => void,
) {
  const created = schema.extend({ id });
  return {
    created: defineEvent({
      type: `${kind}Created` as const,
      version: 1,
      schema: check ? created.superRefine((v, ctx) => check(v as z.infer<z.ZodObject<Shape>>, ctx)) : created,
    }),
    updated: defineEvent({
      type: `${kind}Updated` as const,
      version: 1,
      schema: z.object({ id, changes: changesOf(schema) }),
    }),
    deleted: defineEvent({ type: `${kind}Deleted` as const, version: 1, schema: z.object({ id }) }),
  };
}

export const LessonEvents = recordEventsOf('Lesson', lessonSchema);
export const LessonChapterEvents = recordEventsOf('LessonChapter', lessonChapterSchema);
export const LessonComponentEvents = recordEventsOf(
  'LessonComponent',
  lessonComponentSchema,
  checkComponentContent,
);
export const QuizEvents = recordEventsOf('Quiz', quizSchema);
export const CourseEvents = recordEventsOf('Course', courseSchema);
export const CourseGroupEvents = recordEventsOf('CourseGroup', courseGroupSchema);
export const CourseMaterialEvents = recordEventsOf('CourseMaterial', courseMaterialSchema);

/** A quiz's components live in the quiz's stream, each named by its own id. */
export const QuizComponentAdded = defineEvent({
  type: 'QuizComponentAdded',
  version: 1,
  schema: quizComponentSchema.extend({ quiz_id: id, id }).superRefine(checkComponentContent),
});
export const QuizComponentUpdated = defineEvent({
  type: 'QuizComponentUpdated',
  version: 1,
  schema: z.object({ quiz_id: id, id, changes: changesOf(quizComponentSchema) }),
});
export const QuizComponentRemoved = defineEvent({
  type: 'QuizComponentRemoved',
  version: 1,
  schema: z.object({ quiz_id: id, id }),
});

export type LessonFields = z.infer<typeof lessonSchema>;
export type LessonChapterFields = z.infer<typeof lessonChapterSchema>;
export type LessonComponentFields = z.infer<typeof lessonComponentSchema>;
export type QuizFields = z.infer<typeof quizSchema>;
export type QuizComponentFields = z.infer<typeof quizComponentSchema>;
export type CourseFields = z.infer<typeof courseSchema>;
export type CourseGroupFields = z.infer<typeof courseGroupSchema>;
export type CourseMaterialFields = z.infer<typeof courseMaterialSchema>;
export type QuizComponentAddedData = z.infer<typeof QuizComponentAdded.schema>;
export type QuizComponentUpdatedData = z.infer<typeof QuizComponentUpdated.schema>;

const recordSets = [
  LessonEvents,
  LessonChapterEvents,
  LessonComponentEvents,
  QuizEvents,
  CourseEvents,
  CourseGroupEvents,
  CourseMaterialEvents,
];

export const authoringContract = defineContract({
  context: 'authoring',
  categories: [
    'lesson',
    'lesson_chapter',
    'lesson_component',
    'quiz',
    'course',
    'course_group',
    'course_material',
  ],
  events: [
    ...recordSets.flatMap((set) => [set.created, set.updated, set.deleted]),
    QuizComponentAdded,
    QuizComponentUpdated,
    QuizComponentRemoved,
  ],
});
