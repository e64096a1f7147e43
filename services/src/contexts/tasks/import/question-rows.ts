import { componentContentSchema, type QuizComponentFields } from '@sabaq/events';
import { cellsOf, columnsToRead, type ImportField } from './import-columns';
import type { ImportColumns } from '@sabaq/events';

export type QuestionField = 'question' | 'type' | 'options' | 'correct' | 'points';

/** The columns of a questions table (docs/tasks.md "Questions import", docs/samples/questions.csv). */
export const QUESTION_FIELDS: readonly ImportField<QuestionField>[] = [
  { field: 'question', title: 'Вопрос', aliases: ['question', 'текст вопроса', 'сұрақ'], required: true },
  { field: 'type', title: 'Тип', aliases: ['type', 'түрі'], required: false },
  { field: 'options', title: 'Варианты', aliases: ['options', 'answers', 'нұсқалар'], required: false },
  {
    field: 'correct',
    title: 'Правильные',
    aliases: ['correct', 'правильный ответ', 'правильные ответы', 'дұрыс'],
    required: false,
  },
  { field: 'points', title: 'Баллы', aliases: ['points', 'балл', 'ұпай'], required: false },
];

/** Options in one cell, parted by a vertical bar: `3 | 4 | 5`. */
export const OPTION_SEPARATOR = '|';

/** The question types a table names, in Russian or English. */
const TYPES: Record<string, 'single' | 'multiple' | 'text'> = {
  single: 'single',
  один: 'single',
  одиночный: 'single',
  multiple: 'multiple',
  несколько: 'multiple',
  множественный: 'multiple',
  text: 'text',
  текст: 'text',
  текстовый: 'text',
  бір: 'single',
  бірнеше: 'multiple',
  мәтін: 'text',
};

export function questionColumnsOf(
  header: readonly string[],
  chosen?: ImportColumns,
): Map<QuestionField, number> {
  return columnsToRead(QUESTION_FIELDS, header, chosen);
}

/**
 * A line of the table as a quiz component, or the reasons it is not one. `single` and `multiple` are
 * choice questions (options numbered from 1 in the order written; `correct` names their numbers,
 * parted by commas); `text` is an open answer reviewed by the teacher, `correct` its sample answer.
 * Without a type, a line with options is `single`, one without is `text`. The component is checked
 * with the editor's schema, so what the import adds the editor would have saved.
 */
export function questionOf(
  cells: readonly string[],
  columns: Map<QuestionField, number>,
): { fields: Pick<QuizComponentFields, 'component_type' | 'data' | 'settings'> } | { errors: string[] } {
  const raw = cellsOf(cells, columns);
  const errors: string[] = [];
  const question = (raw.question ?? '').trim();
  if (!question) errors.push('Не указан текст вопроса');
  const options = (raw.options ?? '')
    .split(OPTION_SEPARATOR)
    .map((o) => o.trim())
    .filter(Boolean);
  const typeText = (raw.type ?? '').trim().toLowerCase();
  const type = typeText ? TYPES[typeText] : options.length > 0 ? 'single' : 'text';
  if (!type) errors.push(`Неизвестный тип «${typeText}»: single, multiple или text`);
  const pointsText = (raw.points ?? '').trim().replace(',', '.');
  const points = pointsText === '' ? 1 : Number(pointsText);
  if (!Number.isFinite(points) || points < 0 || points > 10_000)
    errors.push(`Баллы — число от 0: «${pointsText}»`);
  const correctText = (raw.correct ?? '').trim();
  let data: Record<string, unknown> = {};
  if (type === 'text') {
    data = { question, sample_answer: correctText || null };
  } else if (type) {
    const numbers = correctText.split(/[,;\s]+/).filter(Boolean);
    const correct: string[] = [];
    for (const n of numbers) {
      const index = Number(n);
      if (!Number.isInteger(index) || index < 1 || index > options.length) {
        errors.push(`Нет варианта ${n}: вариантов ${options.length}`);
      } else correct.push(String(index));
    }
    if (numbers.length === 0) errors.push('Не указан правильный вариант');
    if (options.length < 2) errors.push('Нужно не меньше двух вариантов');
    data = {
      question,
      options: options.map((text, i) => ({ id: String(i + 1), text })),
      correct: [...new Set(correct)],
      multiple: type === 'multiple',
    };
  }
  if (errors.length) return { errors };
  const parsed = componentContentSchema.safeParse({
    component_type: type === 'text' ? 'open' : 'choice',
    data,
    settings: { points },
  });
  if (!parsed.success) return { errors: [...new Set(parsed.error.issues.map((issue) => issue.message))] };
  return { fields: parsed.data as Pick<QuizComponentFields, 'component_type' | 'data' | 'settings'> };
}
