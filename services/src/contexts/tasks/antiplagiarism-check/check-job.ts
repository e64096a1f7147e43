import { type AntiplagiarismCheckParams, type AssignmentRecord, type TaskFile } from '@sabaq/events';
import type { ContextServices } from '../../../platform/context';
import { withTables } from '../../../platform/read-models/database';
import type { TasksTables } from '../read-model/tables';
import { NotFoundError, WrongExpectedVersionError } from '../../../platform/errors';
import {
  compareAnswers,
  questionShingles,
  type AnswerText,
} from '../../antiplagiarism/compare/compare-answers';
import { classesGroupedWith } from '../../antiplagiarism/groups/collection';
import { loadAssignment } from '../../assignments/assignments/commands';
import { participationStream } from '../../assignments/ids';
import { TABLES as ASSIGNMENT_TABLES } from '../../assignments/read-model/tables';
import { uuidV5 } from '../../../platform/ids';
import { toCsv } from '../export/write-files';
import type { JobContext } from '../task-worker';
import { checkResultEvents } from './check-events';
import { checkedQuestions, isComparable, latestAnswers, questionWords } from './gather-answers';

type Services = Pick<ContextServices, 'store' | 'db' | 'objects' | 'clock'>;

export const checkStream = (taskId: string) => `antiplagiarism_check-${taskId}`;

/**
 * The anti-plagiarism check of one assignment (docs/antiplagiarism.md): the latest answers of its
 * students to the checked questions are compared with each other and with the answers to the
 * assignments of every class sharing an anti-plagiarism group with its class. The results are
 * appended to the check's stream in one batch; the task's file is the summary as CSV.
 */
export async function checkAssignment(
  services: Services,
  task: { id: string; ownerId: string },
  params: AntiplagiarismCheckParams,
  job: JobContext,
): Promise<TaskFile | undefined> {
  const { state, schoolId } = await loadAssignment(services, params.assignment_id);
  if (state.status !== 'live' || schoolId === null) throw new NotFoundError('Задание не найдено');
  const record = state.record;
  const { mode, questions } = checkedQuestions(record);
  const others = await groupedAssignments(services, schoolId, record);
  const total = record.students.length + others.length;
  if (!(await job.started(total))) return undefined;

  const answers: AnswerText[] = [];
  let processed = 0;
  const every = Math.max(1, Math.ceil(total / 20));
  const step = async (appendix: string) => {
    processed++;
    if (processed % every !== 0 && processed !== total) return true;
    return job.progress(processed, total, appendix);
  };
  for (const studentId of record.students) {
    const work = await services.store.readStream(participationStream(record.id, studentId));
    answers.push(...latestAnswers(record.id, studentId, work, questions, true));
    if (!(await step(`Собраны ответы учеников: ${processed + 1} из ${record.students.length}`)))
      return undefined;
  }
  for (const other of others) {
    const comparable = other.components.filter(isComparable);
    for (const studentId of other.students) {
      const work = await services.store.readStream(participationStream(other.id, studentId));
      answers.push(...latestAnswers(other.id, studentId, work, comparable, false));
    }
    if (!(await step(`Собраны ответы других заданий группы: ${processed + 1 - record.students.length}`))) {
      return undefined;
    }
  }

  const ignored = new Map(
    [record, ...others]
      .flatMap((r) => r.components.filter(isComparable))
      .map((q) => [q.id, questionShingles(questionWords(q))]),
  );
  const verdicts = compareAnswers(answers, ignored);
  const at = services.clock().toISOString();
  const events = checkResultEvents({
    checkId: task.id,
    schoolId,
    ownerId: task.ownerId,
    assignmentId: record.id,
    mode,
    questions,
    comparedAssignments: others.map((o) => o.id),
    answers,
    verdicts,
    at,
  });
  const stream = checkStream(task.id);
  try {
    await services.store.append(
      stream,
      events.map((event, index) => ({
        id: uuidV5(['antiplagiarism-check', task.id, String(index)].join('\u001f')),
        type: event.type,
        data: event.data,
        metadata: { occurredAt: at, userId: task.ownerId, schoolId },
      })),
      { expectedVersion: 'no_stream' },
    );
  } catch (error) {
    // A run before a suspend already recorded its results moments ago: those stand.
    if (!(error instanceof WrongExpectedVersionError)) throw error;
  }
  return summaryFile(services, task.id, record, answers, verdicts);
}

/** Live assignments of the school's classes sharing a group with this assignment's class. */
async function groupedAssignments(
  services: Services,
  schoolId: string,
  record: AssignmentRecord,
): Promise<AssignmentRecord[]> {
  if (!record.class_id) return [];
  const classes = await classesGroupedWith(services, schoolId, record.class_id);
  if (classes.length === 0) return [];
  const rows = await withTables<TasksTables>(services.db)
    .selectFrom(ASSIGNMENT_TABLES.assignments)
    .select('id')
    .where('school_id', '=', schoolId)
    .where('deleted', '=', false)
    .where('class_id', 'in', classes)
    .where('id', '!=', record.id)
    .orderBy('id')
    .execute();
  const records: AssignmentRecord[] = [];
  for (const { id } of rows) {
    const { state } = await loadAssignment(services, id);
    if (state.status === 'live') records.push(state.record);
  }
  return records;
}

async function summaryFile(
  services: Services,
  taskId: string,
  record: AssignmentRecord,
  answers: readonly AnswerText[],
  verdicts: ReturnType<typeof compareAnswers>,
): Promise<TaskFile> {
  const names = await fullNames(services, [...new Set(answers.map((a) => a.studentId))]);
  const byKey = new Map(answers.map((a) => [a.key, a]));
  const nameOf = (key: string | undefined) => {
    const answer = key === undefined ? undefined : byKey.get(key);
    return answer ? (names.get(answer.studentId) ?? answer.studentId) : '';
  };
  const rows = [...verdicts]
    .sort((x, y) => (x.originality ?? 101) - (y.originality ?? 101))
    .map((v) => {
      const answer = byKey.get(v.key)!;
      const strongest = v.sources[0];
      return [
        nameOf(v.key),
        answer.componentId,
        v.originality === null ? 'слишком короткий ответ' : v.originality,
        nameOf(strongest?.key),
        strongest?.similarity ?? '',
      ];
    });
  const body = toCsv(['ФИО', 'Вопрос', 'Оригинальность, %', 'Источник', 'Сходство, %'], rows);
  const fileName = `antiplagiarism-${record.id}.csv`;
  const key = `tasks/${taskId}/${fileName}`;
  const contentType = 'text/csv; charset=utf-8';
  await services.objects.put(key, body, { contentType, size: body.length });
  return { key, file_name: fileName, content_type: contentType, size: body.length };
}

async function fullNames(services: Pick<ContextServices, 'db'>, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await withTables<TasksTables>(services.db)
    .selectFrom('users')
    .select(['id', 'firstname', 'lastname', 'patronymic'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, [r.lastname, r.firstname, r.patronymic].filter(Boolean).join(' ')]));
}
