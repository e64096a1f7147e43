import { entityAnswer, taskObject } from '@sabaq/events';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContextServices } from '../../../platform/context';
import { withTables } from '../../../platform/read-models/database';
import { NotFoundError } from '../../../platform/errors';
import type { Caller } from '../../../platform/http/caller';
import { recordId } from '../../../platform/http/records/list-query';
import { isStaff, openAssignment } from '../../assignments/work/open-assignment';
import { taskEntity } from '../read-model/entities';
import { TASKS_TABLE, type TasksTables } from '../read-model/tables';
import { runTaskCommand } from '../task-commands';
import { callerOf } from '../../../platform/http/authenticate';

const idParams = z.object({ id: recordId });
/** Nothing to choose yet: the questions come from the assignment's settings. */
const checkBody = z.object({}).strict().optional();

/**
 * `POST /api/assignments/{id}/antiplagiarism/check.json`: starts an anti-plagiarism check task of the
 * assignment, for its teachers (owner, reviewers) and the school's managers and admins. Another
 * school's caller or another teacher gets 404 before the body is looked at.
 */
export function antiplagiarismCheckRoute(app: FastifyInstance, services: ContextServices, kick: () => void) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/assignments/:id/antiplagiarism/check.json',
    {
      preValidation: async (request: FastifyRequest) => {
        const parsed = recordId.safeParse((request.params as { id?: unknown }).id);
        if (!parsed.success) throw new NotFoundError('Задание не найдено');
        await staffAssignment(services, callerOf(request), parsed.data);
      },
      schema: {
        tags: ['antiplagiarism'],
        params: idParams,
        body: checkBody,
        response: { 201: entityAnswer(taskObject) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const assignment = await staffAssignment(services, caller, request.params.id);
      const id = services.newId();
      await runTaskCommand(services, {
        type: 'Create',
        id,
        ownerId: caller.userId,
        schoolId: caller.schoolId,
        kind: 'antiplagiarism-check',
        name: `Проверка на заимствования: ${assignment.view.record.name}`.slice(0, 255),
        description: null,
        params: { assignment_id: request.params.id, check: 'antiplagiarism' },
        at: services.clock().toISOString(),
      });
      kick();
      const row = await withTables<TasksTables>(services.db)
        .selectFrom(TASKS_TABLE)
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return reply.status(201).send({ entity: taskEntity(row) });
    },
  );
}

async function staffAssignment(services: ContextServices, caller: Caller, id: string) {
  const assignment = await openAssignment(services, caller, id);
  if (!isStaff(caller, assignment)) throw new NotFoundError('Задание не найдено');
  return assignment;
}
