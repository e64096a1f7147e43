import { resultsExportParams } from '@sabaq/events';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignmentsContext } from '../../../services/src/contexts/assignments';
import { authoringContext } from '../../../services/src/contexts/authoring';
import { identityContext } from '../../../services/src/contexts/identity';
import { tasksContext } from '../../../services/src/contexts/tasks';
import { exportResults } from '../../../services/src/contexts/tasks/export/results-export';
import { tasksProjection } from '../../../services/src/contexts/tasks/read-model/projection';
import { TASKS_TABLE } from '../../../services/src/contexts/tasks/read-model/tables';
import { tasksRealtime } from '../../../services/src/contexts/tasks/realtime';
import { runTaskCommand, taskStream } from '../../../services/src/contexts/tasks/task-commands';
import { tasksRoutes } from '../../../services/src/contexts/tasks/routes';
import { TaskWorker } from '../../../services/src/contexts/tasks/task-worker';
import { MinioObjectStore } from '../../../services/src/platform/objects/minio-object-store';
import { STORE_UNAVAILABLE } from '../../../services/src/platform/objects/store-availability';
import { startUnansweringServer } from '../../support/unanswering-server';
import { callerFor, tokenFor } from '../records/records-app';
import { caller, startContextsApp, type Body, type ContextsApp } from '../schools/contexts-app';
import { MULTIPLICATION_QUIZ, studentRegistered } from './fixtures';

/**
 * Background tasks over HTTP with a real s3rver: a teacher exports an assignment's results as CSV and
 * XLSX, follows the task, downloads the file; suspends, resumes and aborts; nobody else sees the task.
 * The worker is driven by the test (`kick` resolves when no task waits), so nothing sleeps.
 */
let env: ContextsApp;
let worker: TaskWorker;
const call = caller(() => env.app);
const teacher = tokenFor('teacher', 'school-a');
const reviewer = tokenFor('teacher', 'school-a', 3);
const colleague = tokenFor('teacher', 'school-a', 2);
const outsider = tokenFor('teacher', 'school-b');
const manager = tokenFor('manager', 'school-a');
const student = (n: number) => tokenFor('student', 'school-a', n);
const S = (n: number) => `student-school-a-${n}`;

const ok = async (answer: ReturnType<typeof call>, status = 200) => {
  const { status: got, body } = await answer;
  expect(got, JSON.stringify(body)).toBe(status);
  return body;
};
const entityOf = async (answer: ReturnType<typeof call>, status = 200) => (await ok(answer, status)).entity!;

let assignment: NonNullable<Body['entity']>;
let quizId: string;
const exportAs = (format: string, token: string | null = teacher) =>
  call('POST', `/api/assignments/${assignment.id}/results/export.json`, token, { format });
const taskOf = (id: string, token = teacher) => entityOf(call('GET', `/api/tasks/${id}`, token));
/** Runs every waiting task, then lets the read model catch up. */
async function work() {
  await worker.kick();
  await env.caughtUp();
}

beforeAll(async () => {
  env = await startContextsApp(
    [
      authoringContext,
      assignmentsContext,
      {
        ...tasksContext,
        routes: async (app, services) => {
          worker = await tasksRoutes(app, services, { worker: false });
        },
      },
    ],
    { background: [identityContext], objects: true },
  );
  for (const n of [1, 2]) {
    await env.store.append(`user-${S(n)}`, [studentRegistered(n, S(n))], { expectedVersion: 'no_stream' });
  }
  const quiz = await entityOf(call('POST', '/api/quiz', teacher, MULTIPLICATION_QUIZ), 201);
  quizId = quiz.id;
  assignment = await entityOf(
    call('POST', '/api/assignments', teacher, {
      type: 'quiz',
      quizzes: [quiz.id],
      students: [S(1), S(2)],
      reviewers: ['teacher-school-a-3'],
    }),
    201,
  );
  // Student 1 answers right and finishes; student 2 never starts.
  const attempt = await entityOf(
    call('POST', '/api/assignment-attempts', student(1), { assignment_id: assignment.id }),
    201,
  );
  await ok(
    call('POST', '/api/assignment-results', student(1), {
      assignment_attempt_id: attempt.id,
      component_id: (assignment.components as { id: string }[])[0]!.id,
      component_type: 'choice',
      answer: { selected: ['b'] },
    }),
    201,
  );
  await ok(call('POST', `/api/assignment-attempts/${attempt.id}/finish.json`, student(1)));
  await env.caughtUp();
});
afterAll(async () => {
  await env?.close();
});

async function download(id: string, token = teacher) {
  const answer = await env.app.inject({
    method: 'GET',
    url: `/api/tasks/${id}/download`,
    headers: { authorization: `Bearer ${token}` },
  });
  return answer;
}

describe('results export as a task', () => {
  it('CSV: made as new, run by the worker, completed with its file', async () => {
    const made = await entityOf(exportAs('csv'), 201);
    expect(made).toMatchObject({
      owner_id: 'teacher-school-a-1',
      kind: 'results-export',
      state: 'new',
      status: 'new',
      name: 'Экспорт результатов: Умножение',
      progress: 0,
      data: { total: 0, processed: 0 },
      file: null,
    });
    expect((await download(made.id)).statusCode).toBe(409);
    await work();
    const done = await taskOf(made.id);
    expect(done).toMatchObject({
      state: 'completed',
      progress: 100,
      data: { total: 2, processed: 2 },
      error: null,
      file: { file_name: `results-${assignment.id}.csv`, url: `/api/tasks/${made.id}/download` },
    });
    const file = await download(made.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toContain(`results-${assignment.id}.csv`);
    const text = file.rawPayload.subarray(3).toString('utf8');
    expect(text.split('\r\n')).toEqual([
      'ФИО;ID ученика;Попыток;Завершено;Балл;Вопрос 1 (макс. 2)',
      `Касымова Айгерим;${S(1)};1;да;2;2`,
      `Серіков Ерлан;${S(2)};0;нет;;`,
      '',
    ]);
  });

  it('XLSX: a workbook with the same lines', async () => {
    const made = await entityOf(exportAs('xlsx', reviewer), 201);
    await work();
    expect(await taskOf(made.id, reviewer)).toMatchObject({ state: 'completed' });
    const file = await download(made.id, reviewer);
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Умножение');
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['ФИО', 'ID ученика', 'Попыток', 'Завершено', 'Балл', 'Вопрос 1 (макс. 2)']);
    expect(values(2)).toEqual(['Касымова Айгерим', S(1), 1, 'да', 2, 2]);
    expect(values(3).slice(0, 4)).toEqual(['Серіков Ерлан', S(2), 0, 'нет']);
  });

  it('is refused to students, to other teachers and to another school; bad formats are 422', async () => {
    expect((await exportAs('csv', student(1))).status).toBe(403);
    expect((await exportAs('csv', colleague)).status).toBe(404);
    expect((await exportAs('csv', outsider)).status).toBe(404);
    expect((await exportAs('csv', null)).status).toBe(401);
    const bad = await exportAs('pdf');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('format');
    expect((await exportAs('csv', manager)).status).toBe(201);
    await work();
  });
});

describe('the owner’s tasks', () => {
  it('are listed for their owner only, paged under entities.data', async () => {
    const page = await ok(call('GET', '/api/tasks?page=1', teacher));
    const entities = page.entities as { data: { owner_id: string }[]; current_page: number; total: number };
    expect(entities.current_page).toBe(1);
    expect(entities.total).toBe(1);
    expect(entities.data.every((t) => t.owner_id === 'teacher-school-a-1')).toBe(true);
    const theirs = (await ok(call('GET', '/api/tasks', manager))).entities as { id: string }[];
    expect(theirs).toHaveLength(1);
    expect((await call('GET', `/api/tasks/${theirs[0]!.id}`, teacher)).status).toBe(404);
    expect((await download(theirs[0]!.id, teacher)).statusCode).toBe(404);
    expect((await call('POST', `/api/tasks/${theirs[0]!.id}/abort.json`, teacher)).status).toBe(404);
    expect((await call('POST', '/api/tasks', teacher, {})).status).toBe(403);
    expect((await ok(call('GET', '/api/tasks', outsider))).entities).toEqual([]);
  });

  it('suspend, resume (start.json) and abort, as the task modal offers them', async () => {
    const made = await entityOf(exportAs('csv'), 201);
    expect(await entityOf(call('POST', `/api/tasks/${made.id}/suspend.json`, teacher))).toMatchObject({
      state: 'suspended',
    });
    await work();
    expect(await taskOf(made.id)).toMatchObject({ state: 'suspended', file: null });
    expect(await entityOf(call('POST', `/api/tasks/${made.id}/start.json`, teacher))).toMatchObject({
      state: 'new',
    });
    await work();
    expect(await taskOf(made.id)).toMatchObject({ state: 'completed' });
    // An ended task cannot be suspended or aborted.
    const late = await call('POST', `/api/tasks/${made.id}/abort.json`, teacher);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ message: 'Задача уже завершена', status_code: 409 });

    const aborted = await entityOf(exportAs('csv'), 201);
    expect(await entityOf(call('POST', `/api/tasks/${aborted.id}/abort.json`, teacher))).toMatchObject({
      state: 'failure',
      error: 'Задача прервана',
    });
    expect((await call('POST', `/api/tasks/${aborted.id}/abort.json`, teacher)).status).toBe(200);
    await work();
    expect(await taskOf(aborted.id)).toMatchObject({ state: 'failure', file: null });
  });

  it('a task suspended while it runs stops without a file, and runs again once resumed', async () => {
    const made = await entityOf(exportAs('csv'), 201);
    const owner = callerFor('teacher', 'school-a');
    // The owner presses Suspend while the export reports its first progress.
    const pressing = new TaskWorker(env.services, {
      'results-export': (services, task, context) =>
        exportResults(services, task.id, resultsExportParams.parse(task.params), {
          started: context.started,
          progress: async (...args) => {
            await runTaskCommand(services, {
              type: 'Suspend',
              id: task.id,
              at: new Date().toISOString(),
              by: owner.userId,
            });
            return context.progress(...args);
          },
        }),
    });
    await pressing.kick();
    await env.caughtUp();
    expect(await taskOf(made.id)).toMatchObject({ state: 'suspended', file: null });
    expect(await env.services.objects.list(`tasks/${made.id}/`)).toEqual([]);
    const stream = (await env.store.readStream(taskStream(made.id))).map((e) => e.type);
    expect(stream).toEqual(['TaskCreated', 'TaskStarted', 'TaskSuspended']);
    await ok(call('POST', `/api/tasks/${made.id}/start.json`, teacher));
    await work();
    expect(await taskOf(made.id)).toMatchObject({ state: 'completed', data: { total: 2, processed: 2 } });
  });

  it('fails with the reason when its assignment is gone', async () => {
    const gone = await entityOf(
      call('POST', '/api/assignments', teacher, { type: 'quiz', quizzes: [quizId], students: [S(1)] }),
      201,
    );
    const made = await entityOf(
      call('POST', `/api/assignments/${gone.id}/results/export.json`, teacher, { format: 'csv' }),
      201,
    );
    await ok(call('DELETE', `/api/assignments/${gone.id}`, teacher), 204);
    await work();
    expect(await taskOf(made.id)).toMatchObject({ state: 'failure', error: 'Задание не найдено' });
  });
});

describe('a task left running by a stopped process', () => {
  it('ends as failure with the reason instead of running forever', async () => {
    const made = await entityOf(exportAs('csv'), 201);
    // Taken long ago by a worker that never reported again.
    await runTaskCommand(env.services, {
      type: 'Start',
      id: made.id,
      at: '2020-01-01T00:00:00.000Z',
      total: 2,
    });
    await work();
    expect(await taskOf(made.id)).toMatchObject({
      state: 'failure',
      error: 'Задача прервана: сервер, выполнявший её, остановился. Запустите её заново.',
    });
  });
});

describe('a stuck task', () => {
  it('fails with the reason once its time limit passed, and the next task runs', async () => {
    const stuck = await entityOf(exportAs('csv'), 201);
    const next = await entityOf(exportAs('csv'), 201);
    // The first export never ends (a back end that never answers); the second one is an ordinary export.
    const limited = new TaskWorker(
      env.services,
      {
        'results-export': (services, task, context) =>
          task.id === stuck.id
            ? context.started(2).then(() => new Promise<never>(() => undefined))
            : exportResults(services, task.id, resultsExportParams.parse(task.params), context),
      },
      { timeLimitMs: 300 },
    );
    await limited.kick();
    await env.caughtUp();
    expect(await taskOf(stuck.id)).toMatchObject({
      state: 'failure',
      error: 'Задача не завершилась за 1 с и остановлена. Запустите её заново.',
      file: null,
    });
    expect(await taskOf(next.id)).toMatchObject({ state: 'completed', data: { total: 2, processed: 2 } });
  });

  it('an export whose object store never answers fails with the reason instead of hanging', async () => {
    const hang = await startUnansweringServer();
    try {
      const hanging = new MinioObjectStore({
        endpoint: '127.0.0.1',
        port: hang.port,
        useSSL: false,
        accessKey: 'tasks-test',
        secretKey: 'tasks-test-secret',
        bucket: 'tasks-test',
        resilience: { connectMs: 300, responseMs: 300, retries: 0 },
      });
      const made = await entityOf(exportAs('csv'), 201);
      await new TaskWorker(
        { ...env.services, objects: hanging },
        {
          'results-export': (services, task, context) =>
            exportResults(services, task.id, resultsExportParams.parse(task.params), context),
        },
      ).kick();
      await env.caughtUp();
      expect(await taskOf(made.id)).toMatchObject({ state: 'failure', error: STORE_UNAVAILABLE, file: null });
    } finally {
      await hang.close();
    }
  });
});

describe('task pushes and the task channel', () => {
  it('only the owner may listen; progress and the end are pushed with the task', async () => {
    const made = await entityOf(exportAs('csv'), 201);
    await work();
    const realtime = tasksRealtime(env.services);
    const rule = realtime.channels![0]!;
    expect(await rule.authorize(callerFor('teacher', 'school-a'), { id: made.id })).toBe(true);
    expect(await rule.authorize(callerFor('teacher', 'school-a', 2), { id: made.id })).toBe(false);
    expect(await rule.authorize(callerFor('teacher', 'school-a'), { id: 'no-such-task' })).toBe(false);
    const mapper = realtime.pushes![0]!;
    const pushes = [];
    for (const event of await env.store.readStream(taskStream(made.id))) {
      if (mapper.eventTypes.includes(event.type)) pushes.push(...(await mapper.map(event)));
    }
    expect(
      pushes.map((p) => [p.channel, p.event, (p.data as { task: { status: string } }).task.status]),
    ).toEqual([
      [`task.${made.id}`, 'TaskProgressUpdated', 'process'],
      [`task.${made.id}`, 'TaskProgressUpdated', 'process'],
      [`task.${made.id}`, 'TaskProgressUpdated', 'process'],
      [`task.${made.id}`, 'TaskFinished', 'completed'],
    ]);
    expect(pushes[0]!.data).toMatchObject({ task: { progress: 0, data: { total: 2, processed: 0 } } });
    expect(pushes[2]!.data).toMatchObject({ appendix: 'Обработано учеников: 2', task: { progress: 100 } });
  });
});

describe('the tasks read model', () => {
  it('rebuilds to the same rows when the log is replayed twice', async () => {
    const before = await env.db.selectFrom(TASKS_TABLE).selectAll().orderBy('id').execute();
    const events = (await env.store.readAll({ maxCount: 100_000 })).filter((e) =>
      tasksProjection.handles.includes(e.type),
    );
    await env.db.transaction().execute(async (tx) => {
      await tasksProjection.reset(tx);
      await tasksProjection.apply(tx, events);
      await tasksProjection.apply(tx, events);
    });
    expect(await env.db.selectFrom(TASKS_TABLE).selectAll().orderBy('id').execute()).toEqual(before);
  });
});
