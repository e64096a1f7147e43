import type { ResultsExportParams, TaskFile } from '@sabaq/events';
import type { ContextServices } from '../../../platform/context';
import { withTables } from '../../../platform/read-models/database';
import type { TasksTables } from '../read-model/tables';
import { NotFoundError } from '../../../platform/errors';
import { loadAssignment } from '../../assignments/assignments/commands';
import { participationStream } from '../../assignments/ids';
import type { JobContext } from '../task-worker';
import { cellsOf, headerOf, studentResults, type StudentResults } from './results-table';
import { toCsv, toXlsx } from './write-files';

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/**
 * The results of an assignment as a file (specification 001 §1 "export of results"): a line per
 * student from their work stream, written to the object store under the task's id. Reports progress
 * every few students; returns undefined when the owner suspended or aborted it meanwhile.
 */
export async function exportResults(
  services: Pick<ContextServices, 'store' | 'db' | 'objects'>,
  taskId: string,
  params: ResultsExportParams,
  job: JobContext,
): Promise<TaskFile | undefined> {
  const { state } = await loadAssignment(services, params.assignment_id);
  if (state.status !== 'live') throw new NotFoundError('Задание не найдено');
  const record = state.record;
  // Questions are the components that can score; content blocks have no column.
  const questions = record.components.filter((c) => c.points > 0);
  const students = record.students;
  if (!(await job.started(students.length))) return undefined;
  const names = await fullNames(services, students);
  const rows: StudentResults[] = [];
  const every = Math.max(1, Math.ceil(students.length / 20));
  for (const [index, studentId] of students.entries()) {
    const work = await services.store.readStream(participationStream(record.id, studentId));
    rows.push(studentResults(studentId, names.get(studentId) ?? '', work, questions));
    const processed = index + 1;
    if (processed % every === 0 || processed === students.length) {
      const goOn = await job.progress(processed, students.length, `Обработано учеников: ${processed}`);
      if (!goOn) return undefined;
    }
  }
  const header = headerOf(questions);
  const cells = rows.map(cellsOf);
  const body = params.format === 'csv' ? toCsv(header, cells) : await toXlsx(record.name, header, cells);
  const fileName = `results-${record.id}.${params.format}`;
  const key = `tasks/${taskId}/${fileName}`;
  const contentType = CONTENT_TYPES[params.format];
  await services.objects.put(key, body, { contentType, size: body.length });
  return { key, file_name: fileName, content_type: contentType, size: body.length };
}

/** Last name, first name and patronymic from identity's directory (000 §3). */
async function fullNames(services: Pick<ContextServices, 'db'>, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await withTables<TasksTables>(services.db)
    .selectFrom('users')
    .select(['id', 'firstname', 'lastname', 'patronymic'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, [r.lastname, r.firstname, r.patronymic].filter(Boolean).join(' ')]));
}
