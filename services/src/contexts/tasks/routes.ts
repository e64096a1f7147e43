import { entityAnswer, fileAnswer, taskObject } from '@sabaq/events';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EXPORT_FORMATS,
  antiplagiarismCheckParams,
  resultsExportParams,
  questionsImportParams,
  studentsImportParams,
  taskParams,
} from '@sabaq/events';
import { z } from 'zod';
import type { ContextServices } from '../../platform/context';
import { DomainError, NotFoundError } from '../../platform/errors';
import type { Caller } from '../../platform/http/caller';
import type { AccessTable } from '../../platform/http/records/access';
import { tasksRecordAccess } from './access-rules';
import { recordId } from '../../platform/http/records/list-query';
import { registerCollections } from '../../platform/http/records/routes';
import { withTables } from '../../platform/read-models/database';
import { isStaff, openAssignment } from '../assignments/work/open-assignment';
import { tasksCollection } from './collection';
import { checkAssignment } from './antiplagiarism-check/check-job';
import { antiplagiarismCheckRoute } from './antiplagiarism-check/start-route';
import { exportResults } from './export/results-export';
import { importRoutes } from './import/import-routes';
import { importQuestions } from './import/questions-import';
import { importStudents } from './import/students-import';
import { taskEntity } from './read-model/entities';
import { TASKS_TABLE, type TasksTables } from './read-model/tables';
import { runTaskCommand } from './task-commands';
import { TaskWorker } from './task-worker';
import { callerOf } from '../../platform/http/authenticate';
import { timeLimitFromEnv } from '../../platform/jobs/leased-job-worker';

export interface TasksRouteOptions {
  access?: AccessTable;
  /** Runs the task worker in this process (the default); tests may drive their own. */
  worker?: boolean;
}

const idParams = z.object({ id: recordId });
const exportBody = z.object({ format: z.enum(EXPORT_FORMATS).default('xlsx') }).strict();

/**
 * - `/api/tasks` (+ /{id}): the caller's own tasks (record API, paged under entities.data);
 * - `POST /api/tasks/{id}/suspend.json | start.json (resume) | abort.json` (001 §7);
 * - `GET /api/tasks/{id}/download`: the file a completed task made;
 * - `POST /api/assignments/{id}/results/export.json` { format: csv | xlsx }: a results export task;
 * - the import wizards' upload and start routes (import/import-routes.ts).
 */
export async function tasksRoutes(
  app: FastifyInstance,
  services: ContextServices,
  options: TasksRouteOptions = {},
): Promise<TaskWorker> {
  const access = options.access ?? tasksRecordAccess;
  await registerCollections(app, services, [tasksCollection], access);
  const worker = new TaskWorker(
    services,
    {
      'results-export': (s, task, context) =>
        exportResults(s, task.id, resultsExportParams.parse(task.params), context),
      'students-import': (s, task, context) => {
        if (task.schoolId === null) throw new DomainError('Задача без школы', 422);
        return importStudents(
          s,
          { id: task.id, schoolId: task.schoolId },
          studentsImportParams.parse(task.params),
          context,
        );
      },
      'questions-import': (s, task, context) =>
        importQuestions(s, task, questionsImportParams.parse(task.params), context),
      'antiplagiarism-check': (s, task, context) =>
        checkAssignment(s, task, antiplagiarismCheckParams.parse(task.params), context),
    },
    {
      log: (message) => app.log.warn(message),
      timeLimitMs: timeLimitFromEnv('TASK_TIME_LIMIT_S'),
      holdAt: holdAtFromEnv(),
    },
  );
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['tasks'];

  /** The caller's own task in their school; anybody else's is 404, as if absent. */
  const ownTask = async (caller: Caller, id: string) => {
    const row = await withTables<TasksTables>(services.db)
      .selectFrom(TASKS_TABLE)
      .selectAll()
      .where('id', '=', id)
      .where('owner_id', '=', caller.userId)
      .where('school_id', '=', caller.schoolId)
      .executeTakeFirst();
    if (!row) throw new NotFoundError('Задача не найдена');
    return row;
  };

  const actions = { 'suspend.json': 'Suspend', 'start.json': 'Resume', 'abort.json': 'Abort' } as const;
  for (const [file, type] of Object.entries(actions)) {
    api.post(
      `/api/tasks/:id/${file}`,
      { schema: { tags, params: idParams, response: { 200: entityAnswer(taskObject) } } },
      async (request) => {
        const caller = callerOf(request);
        await ownTask(caller, request.params.id);
        await runTaskCommand(services, {
          type,
          id: request.params.id,
          at: services.clock().toISOString(),
          by: caller.userId,
        });
        // A resumed task waits as new again: look for it now rather than at the next poll.
        if (type === 'Resume' && options.worker !== false) void worker.kick();
        return { entity: taskEntity(await ownTask(caller, request.params.id)) };
      },
    );
  }

  api.get(
    '/api/tasks/:id/download',
    {
      schema: {
        tags,
        params: idParams,
        response: {
          200: fileAnswer(
            [
              'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              'text/csv',
              'application/json',
            ],
            "The task's file: an export's table or an import's report",
          ),
        },
      },
    },
    async (request, reply) => {
      const row = await ownTask(callerOf(request), request.params.id);
      const file = row.file;
      if (row.status !== 'completed' || !file) throw new DomainError('Файл ещё не готов', 409);
      const body = await services.objects.get(file.key);
      return reply
        .header('content-type', file.content_type)
        .header('content-length', String(file.size))
        .header('content-disposition', `attachment; filename="${file.file_name}"`)
        .send(body);
    },
  );

  api.post(
    '/api/assignments/:id/results/export.json',
    {
      // The assignment's school and staff are checked before the body is validated, so another
      // school's caller learns nothing from a 422 (the platform's rule for route access).
      preValidation: async (request: FastifyRequest) => {
        const caller = callerOf(request);
        const assignment = await openAssignment(services, caller, rawAssignmentId(request));
        if (!isStaff(caller, assignment)) throw new NotFoundError('Задание не найдено');
      },
      schema: { tags, params: idParams, body: exportBody, response: { 201: entityAnswer(taskObject) } },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const assignment = await openAssignment(services, caller, request.params.id);
      // Its teachers (owner, reviewers) and the school's staff; another teacher learns nothing.
      if (!isStaff(caller, assignment)) throw new NotFoundError('Задание не найдено');
      const id = services.newId();
      const { format } = request.body;
      await runTaskCommand(services, {
        type: 'Create',
        id,
        ownerId: caller.userId,
        schoolId: caller.schoolId,
        kind: 'results-export',
        name: `Экспорт результатов: ${assignment.view.record.name}`.slice(0, 255),
        description: format.toUpperCase(),
        params: { assignment_id: request.params.id, format },
        at: services.clock().toISOString(),
      });
      if (options.worker !== false) void worker.kick();
      return reply.status(201).send({ entity: taskEntity(await ownTask(caller, id)) });
    },
  );

  antiplagiarismCheckRoute(app, services, () => {
    if (options.worker !== false) void worker.kick();
  });

  // The import wizards: the file is kept in the object store first, the task reads it.
  await importRoutes(app, services, async (caller, task) => {
    const id = task.id ?? services.newId();
    await runTaskCommand(services, {
      type: 'Create',
      id,
      ownerId: caller.userId,
      schoolId: caller.schoolId,
      kind: task.kind,
      name: task.name.slice(0, 255),
      description: null,
      params: taskParams.parse(task.params),
      at: services.clock().toISOString(),
    });
    if (options.worker !== false) void worker.kick();
    return taskEntity(await ownTask(caller, id));
  });

  if (options.worker !== false) {
    worker.start();
    app.addHook('onClose', async () => worker.stop());
  }
  return worker;
}

/** The `:id` before validation: one that is not an id at all is no assignment either (404). */
function rawAssignmentId(request: FastifyRequest): string {
  const parsed = recordId.safeParse((request.params as { id?: unknown }).id);
  if (!parsed.success) throw new NotFoundError('Задание не найдено');
  return parsed.data;
}

/** `TASK_TEST_HOLD_AT`: the browser tests' pacing (task-worker.ts `holdAt`); unset in production. */
function holdAtFromEnv(): number | undefined {
  const value = Number(process.env.TASK_TEST_HOLD_AT);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}
