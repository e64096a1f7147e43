import {
  changesOf,
  checkComponentContent,
  courseDateIssues,
  courseGroupSchema,
  courseMaterialSchema,
  courseSchema,
  lessonChapterSchema,
  lessonComponentSchema,
  lessonSchema,
  materialIssues,
  quizComponentSchema,
  QuizEvents,
  quizSchema,
} from '@sabaq/events';
import { z } from 'zod';
import type { CollectionDefinition } from '../../platform/http/records/collection';
import { recordId } from '../../platform/http/records/list-query';
import {
  chapterEntity,
  courseEntity,
  courseGroupEntity,
  courseMaterialEntity,
  lessonComponentEntity,
  lessonEntity,
  quizEntity,
} from './read-model/entities';
import { AUTHORING_PROJECTION } from './read-model/projection';
import { TABLES } from './read-model/tables';
import { quizHandler, recordHandler } from './records/handlers';
import {
  chapterRules,
  componentRules,
  courseGroupRules,
  courseMaterialRules,
  courseRules,
  lessonRules,
  type RecordRules,
} from './records/record-rules';

type Declared = Omit<
  CollectionDefinition,
  'columns' | 'projection' | 'paging' | 'schoolScoped' | 'category' | 'events' | 'handle'
>;

/** Every authoring collection: school-scoped, read from the one authoring projection. */
function authoring(rules: RecordRules, declared: Declared): CollectionDefinition {
  return {
    category: rules.category,
    events: rules.events,
    handle: recordHandler(rules),
    columns: {},
    projection: AUTHORING_PROJECTION,
    paging: { defaultLimit: 25, maxLimit: 100 },
    schoolScoped: true,
    ...declared,
  };
}

const addIssues = (errors: Record<string, string[]>, ctx: z.RefinementCtx) => {
  for (const [path, messages] of Object.entries(errors)) {
    for (const message of messages) ctx.addIssue({ code: 'custom', path: [path], message });
  }
};

const newestFirst = { field: 'created_at', direction: 'desc' } as const;
const byPosition = { field: 'position', direction: 'asc' } as const;

export const lessons = authoring(lessonRules, {
  name: 'lessons',
  table: TABLES.lessons,
  toEntity: lessonEntity,
  create: lessonSchema.strict(),
  update: changesOf(lessonSchema),
  filters: { id: 'string', status: 'string', is_unlisted: 'boolean', owner_id: 'string' },
  sortable: ['id', 'name', 'created_at', 'updated_at', 'max_score'],
  defaultOrder: newestFirst,
  search: ['name', 'description'],
});

export const lessonChapters = authoring(chapterRules, {
  name: 'lesson-chapters',
  table: TABLES.chapters,
  toEntity: chapterEntity,
  create: lessonChapterSchema.strict(),
  update: changesOf(lessonChapterSchema),
  filters: { id: 'string', lesson_id: 'string' },
  sortable: ['id', 'position', 'name', 'created_at'],
  defaultOrder: byPosition,
});

export const lessonComponents = authoring(componentRules, {
  name: 'lesson-components',
  table: TABLES.lessonComponents,
  toEntity: lessonComponentEntity,
  create: lessonComponentSchema.strict().superRefine(checkComponentContent),
  // An edit is checked as a whole record (type, data and settings together) by the decider.
  update: changesOf(lessonComponentSchema),
  filters: { id: 'string', chapter_id: 'string', lesson_id: 'string', component_type: 'string' },
  sortable: ['id', 'position', 'created_at'],
  defaultOrder: byPosition,
});

/** A component in a quiz save: its id when it exists, none when it is new; type and data always. */
const quizComponentInput = z
  .object({
    ...changesOf(quizComponentSchema).shape,
    id: recordId.optional(),
    component_type: quizComponentSchema.shape.component_type,
    data: quizComponentSchema.shape.data,
  })
  .strict()
  .superRefine(checkComponentContent);
const quizComponents = z.array(quizComponentInput).max(300);

export const quiz: CollectionDefinition = {
  ...authoring(lessonRules, {
    name: 'quiz',
    table: TABLES.quizzes,
    toEntity: quizEntity,
    create: quizSchema.extend({ components: quizComponents.default([]) }).strict(),
    update: changesOf(quizSchema).extend({ components: quizComponents.optional() }),
    filters: { id: 'string', is_unlisted: 'boolean', owner_id: 'string' },
    sortable: ['id', 'name', 'created_at', 'updated_at', 'max_score'],
    defaultOrder: newestFirst,
    search: ['name', 'description'],
  }),
  // A quiz is saved with its components in one stream, by its own decider (records/quiz-decider.ts).
  category: 'quiz',
  events: {
    created: QuizEvents.created.type,
    updated: QuizEvents.updated.type,
    deleted: QuizEvents.deleted.type,
  },
  handle: quizHandler,
};

export const courses = authoring(courseRules, {
  name: 'courses',
  table: TABLES.courses,
  toEntity: courseEntity,
  create: courseSchema.strict().superRefine((course, ctx) => addIssues(courseDateIssues(course), ctx)),
  update: changesOf(courseSchema),
  // audience is set by the draft rule (routes.ts), whatever the caller sends.
  filters: {
    id: 'string',
    status: 'string',
    availability_type: 'string',
    owner_id: 'string',
    audience: 'string',
  },
  sortable: ['id', 'name', 'created_at', 'updated_at', 'starting_at'],
  defaultOrder: newestFirst,
  search: ['name', 'short_description', 'description'],
});

export const courseGroups = authoring(courseGroupRules, {
  name: 'course-groups',
  table: TABLES.courseGroups,
  toEntity: courseGroupEntity,
  create: courseGroupSchema.strict(),
  update: changesOf(courseGroupSchema),
  filters: { id: 'string', course_id: 'string', audience: 'string' },
  sortable: ['id', 'position', 'name', 'created_at'],
  defaultOrder: byPosition,
});

export const courseMaterials = authoring(courseMaterialRules, {
  name: 'course-materials',
  table: TABLES.courseMaterials,
  toEntity: courseMaterialEntity,
  create: courseMaterialSchema
    .strict()
    .superRefine((material, ctx) => addIssues(materialIssues(material), ctx)),
  update: changesOf(courseMaterialSchema),
  filters: {
    id: 'string',
    course_id: 'string',
    course_group_id: 'string',
    type: 'string',
    status: 'string',
    lesson_id: 'string',
    quiz_id: 'string',
    audience: 'string',
  },
  sortable: ['id', 'position', 'name', 'created_at'],
  defaultOrder: byPosition,
});

export const lessonCollections = [lessons, lessonChapters, lessonComponents, quiz];
/** Collections under the draft rule: a draft course and what is in it are seen by its author only. */
export const courseCollections = [courses, courseGroups, courseMaterials];
export const authoringCollections = [...lessonCollections, ...courseCollections];
