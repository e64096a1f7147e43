import { randomUUID } from 'node:crypto';
import { studentsImportParams } from '@sabaq/events';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityContext } from '../../../services/src/contexts/identity';
import { peopleContext } from '../../../services/src/contexts/people';
import { tasksContext } from '../../../services/src/contexts/tasks';
import { importStudents } from '../../../services/src/contexts/tasks/import/students-import';
import { runTaskCommand, taskStream } from '../../../services/src/contexts/tasks/task-commands';
import { tasksRoutes } from '../../../services/src/contexts/tasks/routes';
import { TaskWorker } from '../../../services/src/contexts/tasks/task-worker';
import { tokenFor } from '../records/records-app';
import { caller, startContextsApp, type ContextsApp } from '../schools/contexts-app';

/**
 * A manager imports students from a CSV or XLSX table as a background task: each valid line becomes a
 * student of the manager's school, the others are reported with their reasons; suspended mid-way and
 * resumed, the import makes nobody twice. Real PostgreSQL, s3rver and argon2.
 */
let env: ContextsApp;
let worker: TaskWorker;
const call = caller(() => env.app);
const manager = tokenFor('manager', 'school-a');
const otherManager = tokenFor('manager', 'school-b');

function upload(fileName: string, data: Buffer, token: string | null = manager) {
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
    url: '/api/students/import.json',
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
async function task(id: string, token = manager) {
  const answer = await call('GET', `/api/tasks/${id}`, token);
  expect(answer.status).toBe(200);
  return answer.body.entity!;
}
async function report(id: string) {
  const answer = await env.app.inject({
    method: 'GET',
    url: `/api/tasks/${id}/download`,
    headers: { authorization: `Bearer ${manager}` },
  });
  expect(answer.statusCode).toBe(200);
  return answer.rawPayload
    .subarray(3)
    .toString('utf8')
    .trim()
    .split('\r\n')
    .map((line) => line.split(';'));
}
async function studentsOfSchoolA() {
  const answer = await call('GET', '/api/students?limit=100', manager);
  expect(answer.status).toBe(200);
  return (answer.body.entities as { user: { username: string; full_name: string } }[]).map((s) => s.user);
}

beforeAll(async () => {
  env = await startContextsApp(
    [
      peopleContext,
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

describe('students import', () => {
  it('makes each valid line a student of the manager’s school and reports the others', async () => {
    const made = await upload(
      'класс 7А.csv',
      csv([
        'Фамилия;Имя;Отчество;Логин;Пароль;E-mail',
        'Касымова;Айгерим;Болатовна;aigerim.k;Secret123;aigerim@example.kz',
        'Серіков;Ерлан;;erlan.s;;',
        ';Безфамильный;;nolast;Secret123;',
        'Ахметов;Дамир;;damir.a;123;',
        'Повторов;Логин;;aigerim.k;Secret123;',
      ]),
    );
    expect(made.statusCode, made.body).toBe(201);
    const entity = made.json().entity as { id: string };
    expect(entity).toMatchObject({
      kind: 'students-import',
      state: 'new',
      name: 'Импорт учеников: класс 7А.csv',
    });
    await work();
    expect(await task(entity.id)).toMatchObject({
      state: 'completed',
      data: { total: 5, processed: 5 },
      file: { file_name: 'import-report.csv' },
    });
    const lines = await report(entity.id);
    expect(lines[0]).toEqual(['Строка', 'Результат', 'ФИО', 'Логин', 'Пароль', 'Примечание']);
    expect(lines.slice(1).map((l) => [l[0], l[1], l[3], l[5]])).toEqual([
      ['2', 'создан', 'aigerim.k', ''],
      ['3', 'создан', 'erlan.s', ''],
      ['4', 'ошибка', '', 'Не указана фамилия'],
      ['5', 'ошибка', '', 'Минимальная длина пароля 6 символов'],
      ['6', 'ошибка', 'aigerim.k', 'Имя пользователя уже занято'],
    ]);
    // A line without a password gets one made up, handed to the manager in the report only.
    expect(lines[2]![4]).toMatch(/^[A-HJ-NP-Za-km-z2-9]{10}$/);
    const students = await studentsOfSchoolA();
    expect(students.map((s) => s.username).sort()).toEqual(['aigerim.k', 'erlan.s']);
    expect(students.find((s) => s.username === 'aigerim.k')!.full_name).toBe('Касымова Айгерим Болатовна');
    // Another school's manager sees none of them, nor the task.
    expect((await call('GET', '/api/students', otherManager)).body.entities).toEqual([]);
    expect((await call('GET', `/api/tasks/${entity.id}`, otherManager)).status).toBe(404);
  });

  it('reads XLSX too', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Ученики');
    sheet.addRow(['lastname', 'firstname', 'username', 'password']);
    sheet.addRow(['Нурланова', 'Алия', 'aliya.n', 'Secret123']);
    const made = await upload('students.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(made.statusCode, made.body).toBe(201);
    await work();
    expect(await task((made.json().entity as { id: string }).id)).toMatchObject({ state: 'completed' });
    expect((await studentsOfSchoolA()).map((s) => s.username)).toContain('aliya.n');
  });

  it('refuses other files, missing files and other groups; a table without the name columns fails', async () => {
    expect((await upload('old.xls', Buffer.from('x'))).json()).toMatchObject({
      status_code: 422,
      errors: { file: ['Сохраните файл как .xlsx или .csv'] },
    });
    expect((await upload('notes.txt', Buffer.from('x'))).statusCode).toBe(422);
    const empty = await env.app.inject({
      method: 'POST',
      url: '/api/students/import.json',
      headers: { authorization: `Bearer ${manager}`, 'content-type': 'application/json' },
      payload: {},
    });
    expect(empty.statusCode).toBe(422);
    for (const group of ['teacher', 'student', 'proctor', 'analyst'] as const) {
      expect(
        (await upload('a.csv', csv(['Фамилия;Имя']), tokenFor(group, 'school-a'))).statusCode,
        group,
      ).toBe(403);
    }
    expect((await upload('a.csv', csv(['Фамилия;Имя']), null)).statusCode).toBe(401);
    const headless = await upload('wrong.csv', csv(['ФИО;Логин', 'Иванов Пётр;petr']));
    await work();
    expect(await task((headless.json().entity as { id: string }).id)).toMatchObject({
      state: 'failure',
      error: 'В файле нет столбцов: Фамилия, Имя',
    });
  });

  it('suspended mid-way and resumed, it goes on and makes nobody twice', async () => {
    const rows = Array.from({ length: 8 }, (_, i) => `Ученик${i};Номер${i};pause.${i};Secret123`);
    const made = await upload('pause.csv', csv(['Фамилия;Имя;Логин;Пароль', ...rows]));
    const id = (made.json().entity as { id: string }).id;
    // The manager presses Suspend when the third line has been reported.
    const pressing = new TaskWorker(env.services, {
      'students-import': (services, t, context) =>
        importStudents(services, { id: t.id, schoolId: t.schoolId! }, studentsImportParams.parse(t.params), {
          started: context.started,
          progress: async (processed, total, appendix) => {
            if (processed === 3) {
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
    expect(await task(id)).toMatchObject({ state: 'suspended', file: null });
    const before = (await studentsOfSchoolA()).filter((s) => s.username.startsWith('pause.'));
    // The three reported, and the few lines already under way when the suspension was seen (lines are
    // imported up to four at a time), which end before the job does.
    expect(before.length).toBeGreaterThanOrEqual(3);
    expect(before.length).toBeLessThanOrEqual(6);

    expect((await call('POST', `/api/tasks/${id}/start.json`, manager)).status).toBe(200);
    await work();
    expect(await task(id)).toMatchObject({ state: 'completed', data: { total: 8, processed: 8 } });
    const after = (await studentsOfSchoolA()).filter((s) => s.username.startsWith('pause.'));
    expect(after.map((s) => s.username).sort()).toEqual(rows.map((_, i) => `pause.${i}`));
    const lines = await report(id);
    expect(lines.slice(1).filter((l) => l[1] === 'создан')).toHaveLength(8);
    expect(lines.slice(1).filter((l) => l[5] === 'до приостановки')).toHaveLength(before.length);
    const stream = (await env.store.readStream(taskStream(id))).map((e) => e.type);
    expect(stream.filter((t) => t === 'TaskStarted')).toHaveLength(2);
    expect(stream.at(-1)).toBe('TaskCompleted');
  });

  it('through the wizard: the file saved and previewed first, then imported with the mapping chosen', async () => {
    const boundary = `----sabaq${randomUUID()}`;
    const table = csv(['ФИО ученика;Имя ученика;Учётная запись', 'Жумабаев;Арман;arman.zh']);
    const saved = await env.app.inject({
      method: 'POST',
      url: '/api/imports/upload.json?kind=students',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${manager}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="wizard.csv"\r\n\r\n`,
        ),
        table,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const file = saved.json().upload as { id: string; header: string[]; columns: object; total: number };
    expect(file).toMatchObject({
      header: ['ФИО ученика', 'Имя ученика', 'Учётная запись'],
      total: 1,
      columns: {},
    });
    // Another manager cannot start an import of this manager's upload: it is not theirs.
    const body = { upload_id: file.id, format: 'csv', file_name: 'wizard.csv' };
    const columns = { lastname: 0, firstname: 1, username: 2 };
    expect((await call('POST', '/api/students/import.json', otherManager, { ...body, columns })).status).toBe(
      422,
    );
    const made = await call('POST', '/api/students/import.json', manager, { ...body, columns });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    await work();
    expect(await task(made.body.entity!.id)).toMatchObject({ state: 'completed', data: { processed: 1 } });
    expect((await studentsOfSchoolA()).find((s) => s.username === 'arman.zh')?.full_name).toBe(
      'Жумабаев Арман',
    );
  });
});
