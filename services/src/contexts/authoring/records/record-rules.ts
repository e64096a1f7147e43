import {
  componentContentSchema,
  courseDateIssues,
  CourseEvents,
  CourseGroupEvents,
  CourseMaterialEvents,
  LessonChapterEvents,
  LessonComponentEvents,
  LessonEvents,
  materialIssues,
} from '@sabaq/events';
import type { RecordEventTypes } from '../../../platform/http/records/decider';

export type Data = Record<string, unknown>;
export type Errors = Record<string, string[]>;

/** What the handler found for a referenced id: the row's fields, or null when the caller may not use it. */
export type ReferenceView = Data & { id: string };
export type References = Record<string, ReferenceView | null>;

/** A field naming another record that must exist and be usable by the caller. */
export interface ReferenceRule {
  field: string;
  /** Said under the field when the record is missing, deleted or out of the caller's reach. */
  message: string;
}

/** The rules of one kind of authoring record, applied by the pure decider. */
export interface RecordRules {
  category: string;
  events: RecordEventTypes;
  references: readonly ReferenceRule[];
  /** Fields an edit may not change, with the reason shown under the field. */
  fixed?: Record<string, string>;
  /** The whole record, normalised (defaults filled in), or the errors per field. */
  check?(record: Data): { record: Data } | { errors: Errors };
  /** Agreement between the record and what it references; may complete the record from them. */
  agree?(record: Data, references: References): { record: Data } | { errors: Errors };
}

const types = (set: { created: { type: string }; updated: { type: string }; deleted: { type: string } }) => ({
  created: set.created.type,
  updated: set.updated.type,
  deleted: set.deleted.type,
});

const issuesOrRecord = (record: Data, errors: Errors) =>
  Object.keys(errors).length ? { errors } : { record };

export const lessonRules: RecordRules = { category: 'lesson', events: types(LessonEvents), references: [] };

export const chapterRules: RecordRules = {
  category: 'lesson_chapter',
  events: types(LessonChapterEvents),
  references: [{ field: 'lesson_id', message: 'Урок не найден или недоступен для изменения' }],
};

/** Type, data and settings are checked together; settings of a question get their defaults. */
export const componentRules: RecordRules = {
  category: 'lesson_component',
  events: types(LessonComponentEvents),
  references: [{ field: 'chapter_id', message: 'Глава не найдена или недоступна для изменения' }],
  check(record) {
    const parsed = componentContentSchema.safeParse({
      component_type: record.component_type,
      data: record.data,
      settings: record.settings,
    });
    if (parsed.success) return { record: { ...record, ...parsed.data } };
    const errors: Errors = {};
    for (const issue of parsed.error.issues)
      (errors[issue.path.join('.') || 'data'] ??= []).push(issue.message);
    return { errors };
  },
};

export const courseRules: RecordRules = {
  category: 'course',
  events: types(CourseEvents),
  references: [],
  check(record) {
    const dedupe = (value: unknown) => (Array.isArray(value) ? [...new Set(value)] : value);
    const normalised = {
      ...record,
      teachers: dedupe(record.teachers),
      students: dedupe(record.students),
      products: dedupe(record.products),
    };
    return issuesOrRecord(normalised, courseDateIssues(normalised as Parameters<typeof courseDateIssues>[0]));
  },
};

export const courseGroupRules: RecordRules = {
  category: 'course_group',
  events: types(CourseGroupEvents),
  references: [{ field: 'course_id', message: 'Курс не найден или недоступен для изменения' }],
  // Its materials name the course too: moving the group alone would split them from it.
  fixed: { course_id: 'Раздел нельзя перенести в другой курс' },
};

export const courseMaterialRules: RecordRules = {
  category: 'course_material',
  events: types(CourseMaterialEvents),
  references: [
    { field: 'course_id', message: 'Курс не найден или недоступен для изменения' },
    { field: 'course_group_id', message: 'Раздел курса не найден' },
    { field: 'lesson_id', message: 'Урок не найден' },
    { field: 'quiz_id', message: 'Тест не найден' },
  ],
  check(record) {
    return issuesOrRecord(record, materialIssues(record as Parameters<typeof materialIssues>[0]));
  },
  agree(record, references) {
    const group = references.course_group_id;
    if (group && group.course_id !== record.course_id) {
      return { errors: { course_group_id: ['Раздел относится к другому курсу'] } };
    }
    // A material without its own name shows the lesson's or quiz's.
    const source = record.type === 'quiz' ? references.quiz_id : references.lesson_id;
    if (!record.name && typeof source?.name === 'string') return { record: { ...record, name: source.name } };
    return { record };
  },
};
