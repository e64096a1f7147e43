import {
  ASSIGNMENT_DEFAULT_DAYS,
  type AssignmentComponent,
  type AssignmentFields,
  type AssignmentRecord,
} from '@sabaq/events';
import { ValidationError } from '../../../platform/errors';

/** A lesson or quiz chosen for an assignment, as the command handler found it (null: not usable). */
export interface SourceContent {
  id: string;
  kind: 'lesson' | 'quiz';
  name: string;
  description: string | null;
  components: Omit<AssignmentComponent, 'position'>[];
}

export interface AssignmentReferences {
  lessons: Record<string, SourceContent | null>;
  quizzes: Record<string, SourceContent | null>;
  /** The chosen class's students; null when the class is unknown or not the caller's school's. */
  classStudents: string[] | null;
}

export const noReferences: AssignmentReferences = { lessons: {}, quizzes: {}, classStudents: [] };

type Errors = Record<string, string[]>;
const DAY_MS = 24 * 60 * 60 * 1000;
const unique = (list: readonly string[]) => [...new Set(list)];

/**
 * The stored assignment from what the teacher sent (zod already applied the static defaults): the
 * dates settled (start now, end 7 days on), name and description taken from the chosen lessons or
 * quizzes joined by ', ', their questions copied, students taken from the class when none are listed.
 * Pure: the clock and the looked-up references come in.
 */
export function buildAssignment(
  id: string,
  input: AssignmentFields,
  references: AssignmentReferences,
  now: Date,
  options: { resolveSources: boolean; studentsFromClass: boolean } = {
    resolveSources: true,
    studentsFromClass: true,
  },
): AssignmentRecord {
  const errors: Errors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);

  const lessons = unique(input.lessons);
  const quizzes = unique(input.quizzes);
  const found = (
    ids: string[],
    table: Record<string, SourceContent | null>,
    field: string,
    missing: string,
  ) =>
    ids.flatMap((sourceId) => {
      const source = table[sourceId];
      if (!source) add(field, missing);
      return source ? [source] : [];
    });

  let name = input.name?.trim() || null;
  let description = input.description;
  let components: AssignmentComponent[] | undefined;
  if (options.resolveSources) {
    const lessonSources = found(lessons, references.lessons, 'lessons', 'Урок не найден');
    const quizSources = found(quizzes, references.quizzes, 'quizzes', 'Тест не найден');
    if (input.type === 'lesson' && lessons.length === 0) add('lessons', 'Выберите урок');
    if (input.type === 'quiz' && quizzes.length === 0) add('quizzes', 'Выберите тест');
    const named = input.type === 'lesson' ? lessonSources : input.type === 'quiz' ? quizSources : [];
    if (named.length > 0) {
      name = named.map((s) => s.name).join(', ');
      const descriptions = named.map((s) => s.description?.trim()).filter((d): d is string => Boolean(d));
      description = descriptions.length ? descriptions.join(', ') : null;
    }
    components = [...lessonSources, ...quizSources]
      .flatMap((source) => source.components)
      .map((component, position) => ({ ...component, position }));
  }
  if (!name && input.type !== 'lesson' && input.type !== 'quiz') add('name', 'Введите название');

  let students = unique(input.students);
  if (options.studentsFromClass && input.class_id !== null) {
    if (references.classStudents === null) add('class_id', 'Класс не найден');
    else if (students.length === 0) students = unique(references.classStudents);
  }

  const startingAt =
    input.starting_at_type === 'date' ? input.starting_at : (input.starting_at ?? now.toISOString());
  if (!startingAt) add('starting_at', 'Укажите дату начала');
  const endingAt =
    input.ending_at ?? new Date(now.getTime() + ASSIGNMENT_DEFAULT_DAYS * DAY_MS).toISOString();
  if (input.ending_at_type === 'date' && input.ending_at === null) add('ending_at', 'Укажите дату окончания');
  else if (startingAt && Date.parse(endingAt) <= Date.parse(startingAt) && input.ending_at_type === 'date') {
    add('ending_at', 'Дата окончания должна быть позже даты начала');
  }

  if (Object.keys(errors).length > 0) throw new ValidationError('The given data was invalid.', errors);
  return {
    ...input,
    // A webinar assignment is its webinar: the type alone makes it one, as the form's "Вебинар" means.
    is_webinar: input.type === 'webinar' || input.is_webinar,
    id,
    name: name!,
    description,
    lessons,
    quizzes,
    students,
    reviewers: unique(input.reviewers),
    rooms: unique(input.rooms),
    starting_at: new Date(startingAt!).toISOString(),
    ending_at: new Date(endingAt).toISOString(),
    components: components ?? [],
  };
}
