import { antiplagiarismAnswer, antiplagiarismReport, entityAnswer } from '@sabaq/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContextServices } from '../../../platform/context';
import { NotFoundError } from '../../../platform/errors';
import type { Caller } from '../../../platform/http/caller';
import { recordId } from '../../../platform/http/records/list-query';
import { withTables } from '../../../platform/read-models/database';
import { isStaff, openAssignment } from '../../assignments/work/open-assignment';
import { taskEntity } from '../../tasks/read-model/entities';
import { TASKS_TABLE } from '../../tasks/read-model/tables';
import { answerDetail, reportOf } from './report-query';
import type { AntiplagiarismTables } from './tables';
import { callerOf } from '../../../platform/http/authenticate';

const taskParams = z.object({ task: recordId });
const answerParams = z.object({ task: recordId, key: z.string().min(1).max(200) });
const sourceQuery = z.object({ source: z.string().min(1).max(200).optional() });

/**
 * - `GET /api/antiplagiarism/reports/{task}`: the check's task, and once it is done the summary rows
 *   (lowest originality first) and the distribution;
 * - `GET /api/antiplagiarism/reports/{task}/answers/{key}` (`?source=` another of its sources): one
 *   answer's text beside its strongest source's, with the matched fragments of both.
 * Readable by whoever may start a check of the assignment; anybody else of the school gets 404.
 */
export function reportRoutes(app: FastifyInstance, services: ContextServices): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['antiplagiarism'];
  api.get(
    '/api/antiplagiarism/reports/:task',
    { schema: { tags, params: taskParams, response: { 200: entityAnswer(antiplagiarismReport) } } },
    async (request) => {
      const { task, assignment } = await openCheck(services, callerOf(request), request.params.task);
      return {
        entity: { task: taskEntity(task), ...(await reportOf(services, task.id, assignment)) },
      };
    },
  );
  api.get(
    '/api/antiplagiarism/reports/:task/answers/:key',
    {
      schema: {
        tags,
        params: answerParams,
        querystring: sourceQuery,
        response: { 200: entityAnswer(antiplagiarismAnswer) },
      },
    },
    async (request) => {
      const { task } = await openCheck(services, callerOf(request), request.params.task);
      const detail = await answerDetail(services, task.id, request.params.key, request.query.source);
      if (!detail) throw new NotFoundError('Ответ не найден');
      return { entity: detail };
    },
  );
}

/** The check's task in the caller's school, and its assignment if the caller is one of its staff. */
async function openCheck(services: ContextServices, caller: Caller, taskId: string) {
  const task = await withTables<AntiplagiarismTables>(services.db)
    .selectFrom(TASKS_TABLE)
    .select([
      'id',
      'owner_id',
      'kind',
      'status',
      'name',
      'description',
      'processed',
      'total',
      'appendix',
      'params',
      'file',
      'error',
      'created_at',
      'updated_at',
    ])
    .where('id', '=', taskId)
    .where('kind', '=', 'antiplagiarism-check')
    .where('school_id', '=', caller.schoolId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!task) throw new NotFoundError('Проверка не найдена');
  const assignmentId = String(task.params.assignment_id);
  const assignment = await openAssignment(services, caller, assignmentId).catch(() => {
    throw new NotFoundError('Проверка не найдена');
  });
  if (!isStaff(caller, assignment)) throw new NotFoundError('Проверка не найдена');
  return { task, assignment: { id: assignmentId, name: assignment.view.record.name } };
}
