import type { AssignmentRecord } from '@sabaq/events';

/** What students already did on an assignment, as the edit handler found it in the read model. */
export interface AssignmentWork {
  /** Students who started at least one attempt. */
  studentsWithAttempts: string[];
  /** Attempts running now (started, not finished, time not out). */
  activeAttempts: number;
}

export const NO_WORK: AssignmentWork = { studentsWithAttempts: [], activeAttempts: 0 };

const STARTED = 'ученики уже начали попытки';

/**
 * Once an attempt exists, what students were given and how it is counted stays as it was: the
 * questions (type, lessons, quizzes and how they are drawn), the counting method and the start.
 * Attempts already stored were decided and scored against these; changing them would leave those
 * attempts meaning something else than the new ones.
 */
const LOCKED: Partial<Record<keyof AssignmentRecord, string>> = {
  type: `Тип задания нельзя изменить: ${STARTED}`,
  lessons: `Уроки нельзя заменить: ${STARTED}`,
  quizzes: `Тесты нельзя заменить: ${STARTED}`,
  is_random_assessment: `Случайный выбор материала нельзя изменить: ${STARTED}`,
  points_method_type: `Способ подсчёта баллов нельзя изменить: ${STARTED}`,
  starting_at_type: `Начало задания нельзя изменить: ${STARTED}`,
  starting_at: `Начало задания нельзя изменить: ${STARTED}`,
};

/** JSON with object keys sorted: a stored record comes back from jsonb with its keys reordered. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** The same value, whatever the order of the objects' keys. */
export const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/**
 * Field → messages for the changes from `current` to `next` that the students' work forbids. Pure.
 * Before any attempt everything may change. After: the locked fields above and the question
 * settings (shuffle, draw, variants) stay; the end may only move later (and not into the past);
 * a student who started may not be removed; proctoring settings may change only while no attempt
 * runs (a running exam keeps the devices it started with). Anything else (name, description, time
 * per attempt, attempts allowed, what students are shown, reviewers, new students) may change.
 */
export function forbiddenChanges(
  current: AssignmentRecord,
  next: AssignmentRecord,
  work: AssignmentWork,
  now: Date,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (work.studentsWithAttempts.length > 0) {
    for (const [field, message] of Object.entries(LOCKED)) {
      const key = field as keyof AssignmentRecord;
      if (!same(current[key], next[key])) add(field, message);
    }
    if (!same(current.settings.component_settings, next.settings.component_settings)) {
      add('settings.component_settings', `Настройки вопросов нельзя изменить: ${STARTED}`);
    }
    endingProblem(current, next, now, add);
    const removed = work.studentsWithAttempts.filter(
      (student) => current.students.includes(student) && !next.students.includes(student),
    );
    if (removed.length > 0) add('students', 'Нельзя убрать из задания ученика, который уже начал попытку');
  }
  if (
    work.activeAttempts > 0 &&
    (!same(current.settings.proctoring_settings, next.settings.proctoring_settings) ||
      current.is_proctoring !== next.is_proctoring)
  ) {
    add('settings.proctoring_settings', 'Настройки прокторинга нельзя изменить, пока идёт попытка');
  }
  return errors;
}

/** A dated end may only move later once students started, and never into the past. */
function endingProblem(
  current: AssignmentRecord,
  next: AssignmentRecord,
  now: Date,
  add: (field: string, message: string) => void,
): void {
  if (next.ending_at_type !== 'date') return; // no end, or no longer one: nobody loses time
  const moved = current.ending_at_type !== 'date' || current.ending_at !== next.ending_at;
  if (!moved) return;
  const end = Date.parse(next.ending_at);
  if (current.ending_at_type === 'date' && end < Date.parse(current.ending_at)) {
    add('ending_at', `Окончание можно только перенести на более позднее время: ${STARTED}`);
  } else if (end <= now.getTime()) {
    add('ending_at', 'Окончание должно быть в будущем');
  }
}
