import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authoringContext } from '../../../services/src/contexts/authoring';
import { identityContext } from '../../../services/src/contexts/identity';
import { tasksContext } from '../../../services/src/contexts/tasks';
import { tasksRoutes } from '../../../services/src/contexts/tasks/routes';
import { TaskWorker } from '../../../services/src/contexts/tasks/task-worker';
import { runTaskCommand } from '../../../services/src/contexts/tasks/task-commands';
import { importQuestions } from '../../../services/src/contexts/tasks/import/questions-import';
import { questionsImportParams } from '@sabaq/events';
import { tokenFor } from '../records/records-app';
import { caller, startContextsApp, type ContextsApp } from '../schools/contexts-app';
import { MULTIPLICATION_QUIZ } from './fixtures';

/**
 * A teacher imports questions from a table into their quiz through the wizard's two steps (the file
 * saved first and previewed with the guessed mapping, then the task): the good lines become the quiz's
 * questions after its own, a bad line is reported with its number and adds nothing, a resumed import
 * adds nothing twice. Real PostgreSQL and s3rver; the worker is driven by the test.
 */
let env: ContextsApp;
let worker: TaskWorker;
const call = caller(() => env.app);
const teacher = tokenFor('teacher', 'school-a');
const colleague = tokenFor('teacher', 'school-a', 2);
const outsider = tokenFor('manager', 'school-b');
const student = tokenFor('student', 'school-a');

function upload(fileName: string, data: Buffer, kind = 'questions', token: string | null = teacher) {
  const boundary = `----sabaq${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return env.app.inject({
    method: 'POST',
    url: `/api/imports/upload.json?kind=${kind}`,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload,
  });
}
const csv = (lines: string[]) => Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
async function work() {
  await worker.kick();
  await env.caughtUp();
}
interface Upload {
  id: string;
  file_name: string;
  format: string;
  header: string[];
  rows: string[][];
  total: number;
  columns: Record<string, number>;
}
async function uploaded(fileName: string, data: Buffer): Promise<Upload> {
  const answer = await upload(fileName, data);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().upload as Upload;
}
const start = (quizId: string, file: Upload, columns = file.columns, token = teacher) =>
  call('POST', `/api/quiz/${quizId}/import.json`, token, {
    upload_id: file.id,
    format: file.format,
    file_name: file.file_name,
    columns,
  });
async function report(id: string) {
  const answer = await call('GET', `/api/tasks/${id}/download`, teacher);
  expect(answer.status).toBe(200);
  return answer.raw
    .subarray(3)
    .toString('utf8')
    .trim()
    .split('\r\n')
    .map((line) => line.split(';'));
}
interface QuizComponent {
  id: string;
  component_type: string;
  data: Record<string, unknown>;
  settings: { points: number };
  position: number;
}
async function quizOf(id: string) {
  const answer = await call('GET', `/api/quiz/${id}`, teacher);
  expect(answer.status).toBe(200);
  return answer.body.entity as unknown as { components: QuizComponent[]; max_score: number };
}
async function newQuiz() {
  const made = await call('POST', '/api/quiz', teacher, MULTIPLICATION_QUIZ);
  expect(made.status).toBe(201);
  return made.body.entity!.id;
}

const TABLE = [
  'Вопрос;Тип;Варианты;Правильные;Баллы',
  'Сколько будет 3 + 4?;single;6 | 7 | 8;2;2',
  'Какие числа простые?;multiple;2 | 4 | 5 | 9;1, 3;3',
  // Line 4: option 5 of three. Nothing of it may reach the quiz.
  'Сломанный вопрос;single;а | б | в;5;1',
  'Столица Казахстана?;text;;Астана;1',
];

beforeAll(async () => {
  env = await startContextsApp(
    [
      authoringContext,
      {
        ...tasksContext,
        routes: async (app, services) => {
          worker = await tasksRoutes(app, services, { worker: false });
        },
      },
    ],
    { background: [identityContext], objects: true },
  );
});
afterAll(async () => {
  await env?.close();
});

describe('questions import', () => {
  it('previews the saved file with the guessed mapping, then adds the good lines and reports the bad one', async () => {
    const quizId = await newQuiz();
    const file = await uploaded('вопросы.csv', csv(TABLE));
    expect(file).toMatchObject({
      file_name: 'вопросы.csv',
      format: 'csv',
      header: ['Вопрос', 'Тип', 'Варианты', 'Правильные', 'Баллы'],
      total: 4,
      columns: { question: 0, type: 1, options: 2, correct: 3, points: 4 },
    });
    expect(file.rows[0]).toEqual(['Сколько будет 3 + 4?', 'single', '6 | 7 | 8', '2', '2']);

    const made = await start(quizId, file);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const task = made.body.entity!;
    expect(task).toMatchObject({
      kind: 'questions-import',
      state: 'new',
      name: 'Импорт вопросов: вопросы.csv',
    });
    await work();
    expect((await call('GET', `/api/tasks/${task.id}`, teacher)).body.entity).toMatchObject({
      state: 'completed',
      data: { total: 4, processed: 4 },
      file: { file_name: 'import-report.csv' },
    });

    const lines = await report(task.id);
    expect(lines[0]).toEqual(['Строка', 'Результат', 'Вопрос', 'Примечание']);
    expect(lines.slice(1)).toEqual([
      ['2', 'добавлен', 'Сколько будет 3 + 4?', ''],
      ['3', 'добавлен', 'Какие числа простые?', ''],
      ['4', 'ошибка', 'Сломанный вопрос', 'Нет варианта 5: вариантов 3'],
      ['5', 'добавлен', 'Столица Казахстана?', ''],
    ]);

    const quiz = await quizOf(quizId);
    // The quiz's own question stays first; the imported ones follow in the file's order.
    expect(quiz.components.map((c) => c.data.question)).toEqual([
      '2 × 2 = ?',
      'Сколько будет 3 + 4?',
      'Какие числа простые?',
      'Столица Казахстана?',
    ]);
    expect(quiz.components.some((c) => c.data.question === 'Сломанный вопрос')).toBe(false);
    const [, sum, primes, capital] = quiz.components;
    expect(sum).toMatchObject({
      component_type: 'choice',
      data: { options: [{ text: '6' }, { text: '7' }, { text: '8' }], correct: ['2'], multiple: false },
      settings: { points: 2 },
    });
    expect(primes).toMatchObject({ data: { correct: ['1', '3'], multiple: true }, settings: { points: 3 } });
    expect(capital).toMatchObject({ component_type: 'open', data: { sample_answer: 'Астана' } });
    expect(quiz.max_score).toBe(2 + 2 + 3 + 1);
  });

  it('reads the columns the wizard chose, and XLSX', async () => {
    const quizId = await newQuiz();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Лист1');
    sheet.addRow(['Текст', 'Ответы', 'Верный']);
    sheet.addRow(['Сколько дней в неделе?', '5 | 7', '2']);
    const file = await uploaded('week.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    // Nothing is guessed from these titles: without a mapping the task would fail for want of a question.
    expect(file.columns).toEqual({});
    const made = await start(quizId, file, { question: 0, options: 1, correct: 2 });
    expect(made.status).toBe(201);
    await work();
    const quiz = await quizOf(quizId);
    expect(quiz.components.at(-1)).toMatchObject({
      component_type: 'choice',
      data: { question: 'Сколько дней в неделе?', correct: ['2'] },
      settings: { points: 1 },
    });
  });

  it('suspended after its first questions and resumed, adds each line once', async () => {
    const quizId = await newQuiz();
    const rows = Array.from(
      { length: 45 },
      (_, i) => `Вопрос ${i + 1}: ${i} + 1 = ?;single;${i} | ${i + 1};2;1`,
    );
    const file = await uploaded('long.csv', csv(['Вопрос;Тип;Варианты;Правильные;Баллы', ...rows]));
    const id = (await start(quizId, file)).body.entity!.id;
    // The teacher presses Suspend when the first twenty lines have been reported.
    const pressing = new TaskWorker(env.services, {
      'questions-import': (services, t, context) =>
        importQuestions(services, t, questionsImportParams.parse(t.params), {
          started: context.started,
          progress: async (processed, total, appendix) => {
            if (processed === 20) {
              await runTaskCommand(services, {
                type: 'Suspend',
                id: t.id,
                at: new Date().toISOString(),
                by: 'x',
              });
            }
            return context.progress(processed, total, appendix);
          },
        }),
    });
    await pressing.kick();
    await env.caughtUp();
    expect((await call('GET', `/api/tasks/${id}`, teacher)).body.entity).toMatchObject({
      state: 'suspended',
    });
    expect((await quizOf(quizId)).components).toHaveLength(1 + 20);

    expect((await call('POST', `/api/tasks/${id}/start.json`, teacher)).status).toBe(200);
    await work();
    expect((await call('GET', `/api/tasks/${id}`, teacher)).body.entity).toMatchObject({
      state: 'completed',
      data: { total: 45, processed: 45 },
    });
    const lines = await report(id);
    expect(lines.slice(1).map((l) => l[1])).toEqual(Array(45).fill('добавлен'));
    const questions = (await quizOf(quizId)).components.map((c) => c.data.question);
    expect(questions).toEqual(['2 × 2 = ?', ...rows.map((r) => r.split(';')[0])]);
  });

  it('checks who may import into which quiz, and what they send', async () => {
    const quizId = await newQuiz();
    const file = await uploaded('who.csv', csv(TABLE));
    // Another teacher of the school, another school, a student: no such quiz, or no such route.
    expect((await start(quizId, file, file.columns, colleague)).status).toBe(404);
    expect((await start(quizId, file, file.columns, outsider)).status).toBe(404);
    expect((await start(quizId, file, file.columns, student)).status).toBe(403);
    expect((await start('no-such-quiz', file)).status).toBe(404);
    // An upload id that is not the caller's own file, a format it was not saved as, a bad body.
    const strange = await call('POST', `/api/quiz/${quizId}/import.json`, teacher, {
      upload_id: randomUUID(),
      format: 'csv',
      file_name: 'x.csv',
    });
    expect(strange.status).toBe(422);
    expect(strange.body.errors).toEqual({ upload_id: ['Файл не найден: загрузите его снова'] });
    expect((await start(quizId, { ...file, format: 'xlsx' })).status).toBe(422);
    expect((await call('POST', `/api/quiz/${quizId}/import.json`, teacher, { format: 'doc' })).status).toBe(
      422,
    );
    // The upload refuses what is no table.
    const xls = await upload('old.xls', Buffer.from('binary'));
    expect(xls.statusCode).toBe(422);
    expect(xls.json().errors).toEqual({ file: ['Сохраните файл как .xlsx или .csv'] });
    expect((await upload('a.csv', csv(TABLE), 'questions', student)).statusCode).toBe(403);
    expect((await upload('a.csv', csv(TABLE), 'pictures')).statusCode).toBe(422);
  });
});
