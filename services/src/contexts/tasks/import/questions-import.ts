import type { QuestionsImportParams, TaskFile } from '@sabaq/events';
import type { ContextServices } from '../../../platform/context';
import { DomainError, NotFoundError, ValidationError } from '../../../platform/errors';
import { uuidV5 } from '../../../platform/ids';
import { addQuizQuestions } from '../../authoring';
import { toCsv } from '../export/write-files';
import type { JobContext } from '../task-worker';
import { readUpload } from './read-rows';
import { questionColumnsOf, questionOf } from './question-rows';

/** Lines added to the quiz in one command: few round trips, and progress still moves on a short file. */
const BATCH = 20;

/**
 * Questions from an uploaded table added to a quiz (specification 001 §1 "bulk import of questions"),
 * through authoring's quiz decider. Every line is checked first; a bad line adds nothing and is
 * reported with its number, the good ones are added in the file's order after the quiz's own
 * questions. Each line's component id is derived from the task and the line, so a resumed import (it
 * runs again from the first line) skips what it added: nothing twice. The task's file is a report.
 */
export async function importQuestions(
  services: Pick<ContextServices, 'store' | 'objects' | 'clock'>,
  task: { id: string; ownerId: string; schoolId: string | null },
  params: QuestionsImportParams,
  job: JobContext,
): Promise<TaskFile | undefined> {
  const [header = [], ...lines] = await readUpload(services, params.format, params.file_key);
  let columns;
  try {
    columns = questionColumnsOf(header, params.columns);
  } catch (error) {
    throw new DomainError((error as Error).message, 422);
  }
  if (!(await job.started(lines.length))) return undefined;
  const outcomes: [row: number, status: string, question: string, note: string][] = [];
  let added = 0;
  for (let start = 0; start < lines.length; start += BATCH) {
    const batch = lines.slice(start, start + BATCH).map((cells, i) => {
      const row = start + i + 2;
      return { row, cells, parsed: questionOf(cells, columns) };
    });
    const good = batch.flatMap(({ row, parsed }) =>
      'fields' in parsed ? [{ id: uuidV5(`questions-import:${task.id}:${row}`), fields: parsed.fields }] : [],
    );
    try {
      await addQuizQuestions(
        services,
        { userId: task.ownerId, schoolId: task.schoolId },
        params.quiz_id,
        good,
      );
    } catch (error) {
      if (error instanceof NotFoundError) throw new DomainError('Тест удалён: вопросы некуда добавить', 422);
      // The line checks match the decider's, so this is a mistake of ours rather than the file's.
      if (error instanceof ValidationError) throw new DomainError('Вопросы не прошли проверку теста', 422);
      throw error;
    }
    for (const { row, cells, parsed } of batch) {
      const text = (cells[columns.get('question')!] ?? '').slice(0, 200);
      if ('fields' in parsed) {
        added += 1;
        outcomes.push([row, 'добавлен', text, '']);
      } else outcomes.push([row, 'ошибка', text, parsed.errors.join('; ')]);
    }
    const processed = Math.min(lines.length, start + BATCH);
    const appendix = `Добавлено вопросов: ${added}, ошибок: ${processed - added}`;
    if (!(await job.progress(processed, lines.length, appendix))) return undefined;
  }
  const report = toCsv(['Строка', 'Результат', 'Вопрос', 'Примечание'], outcomes);
  const key = `tasks/${task.id}/import-report.csv`;
  await services.objects.put(key, report, { contentType: 'text/csv; charset=utf-8', size: report.length });
  return {
    key,
    file_name: 'import-report.csv',
    content_type: 'text/csv; charset=utf-8',
    size: report.length,
  };
}
