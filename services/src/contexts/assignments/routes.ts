import { assignmentObject, attemptObject, entitiesAnswer, entityAnswer } from '@sabaq/events';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContextServices } from '../../platform/context';
import { NotFoundError } from '../../platform/errors';
import { authenticate, callerOf } from '../../platform/http/authenticate';
import type { AccessTable } from '../../platform/http/records/access';
import { assignmentsRecordAccess } from './access-rules';
import type { Row } from '../../platform/http/records/collection';
import { recordId } from '../../platform/http/records/list-query';
import { registerCollections } from '../../platform/http/records/routes';
import { rejectUnstorableText } from '../../platform/http/records/text-guard';
import type { RunCode } from '../authoring';
import { changeAssignment, cloneAssignment } from './assignments/commands';
import { answerBody, assignmentsCollections, reviewBody } from './collections';
import { gradingPort } from './grading-port';
import { assignmentEntity, attemptEntity, resultEntity, reviewerResultEntity } from './read-model/entities';
import { studentView } from './read-model/student-view';
import { withTables } from '../../platform/read-models/database';
import { TABLES, type AssignmentsTables } from './read-model/tables';
import { visibilityRule } from './visibility';
import { finishActiveAttempts } from './work/finish-with-assignment';
import { actOnStudent, finishAttempt, recordAnswer, reviewResult, type StudentAction } from './work/commands';
import { openAssignment, requireAssignmentRule } from './work/open-assignment';

export interface AssignmentsRouteOptions {
  access?: AccessTable;
  /** The code runner for code questions; without one they wait for the teacher's review. */
  runCode?: RunCode;
}

const idParams = z.object({ id: recordId });
const studentParams = z.object({ id: recordId, studentId: recordId });
const timeBody = z
  .object({ minutes: z.int({ error: 'Укажите количество минут' }).min(-10_000).max(10_000) })
  .strict();

/**
 * The record API over the assignments collections, with the visibility rule (visibility.ts) on top,
 * plus the commands the record calls cannot say (paths are ours; the specification names the actions,
 * not their calls):
 * - POST /api/assignments/{id}/suspend.json | resume.json | finish.json, /api/assignments/{id}/clone.json
 * - POST /api/assignments/{id}/students/{studentId}/finish.json | restore.json | reset-time.json,
 *   /api/assignments/{id}/students/{studentId}/time.json { minutes } (negative: less time)
 * - POST /api/assignment-attempts/{id}/finish.json
 */
export async function assignmentsRoutes(
  app: FastifyInstance,
  services: ContextServices,
  options: AssignmentsRouteOptions = {},
): Promise<void> {
  const access = options.access ?? assignmentsRecordAccess;
  const grade = gradingPort(options.runCode);
  const collections = assignmentsCollections(services.clock);
  const entity = (table: EntityTable, id: string, toEntity: (row: Row) => unknown) =>
    readEntity(services, table, id, toEntity);

  await app.register(async (scope) => {
    scope.addHook('preHandler', visibilityRule(services));
    // An answer is keyed by its attempt and question, a review by its result and reviewer: answering
    // again replaces the result under the same id. So their POST answers the result it recorded
    // instead of the new id the record API would make up for it.
    scope.addHook('onRoute', (route: RouteOptions) => {
      if (route.method !== 'POST') return;
      if (route.url === '/api/assignment-results') {
        route.handler = async (request: FastifyRequest, reply: FastifyReply) => {
          const caller = callerOf(request);
          const id = await recordAnswer(services, caller, answerBody.parse(request.body), grade);
          const recorded = (await entity(TABLES.results, id, resultEntity)) as Record<string, unknown>;
          // The student learns that the answer was taken; its verdict only as the flags allow.
          const [shown] = await studentView.results(services, caller, [recorded]);
          return reply.status(201).send({ entity: shown });
        };
      }
      if (route.url === '/api/assignment-reviewer-results') {
        route.handler = async (request: FastifyRequest, reply: FastifyReply) => {
          const id = await reviewResult(services, callerOf(request), reviewBody.parse(request.body));
          return reply
            .status(201)
            .send({ entity: await entity(TABLES.reviewerResults, id, reviewerResultEntity) });
        };
      }
    });
    await registerCollections(scope, services, collections, access);
  });

  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = {
    // Decided by the record access table's rows for assignments (work/open-assignment.ts).
    config: { access: 'records' as const },
    onRequest: authenticate(services.authenticator),
    preValidation: rejectUnstorableText,
  };
  const tags = ['assignments'];
  const showAssignment = (id: string) =>
    entity(TABLES.assignments, id, (row) => assignmentEntity(row, services.clock()));

  for (const action of ['suspend', 'resume', 'finish'] as const) {
    api.post(
      `/api/assignments/:id/${action}.json`,
      { ...signedIn, schema: { tags, params: idParams, response: { 200: entityAnswer(assignmentObject) } } },
      async (request) => {
        const caller = callerOf(request);
        const assignment = await openAssignment(services, caller, request.params.id);
        requireAssignmentRule(access, 'update', caller, assignment);
        await changeAssignment(services, request.params.id, action, caller);
        if (action === 'finish') await finishActiveAttempts(services, caller, request.params.id);
        return { entity: await showAssignment(request.params.id) };
      },
    );
  }

  api.post(
    '/api/assignments/:id/clone.json',
    { ...signedIn, schema: { tags, params: idParams, response: { 201: entityAnswer(assignmentObject) } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const assignment = await openAssignment(services, caller, request.params.id);
      // A copy is the caller's new assignment: they must be allowed to read this one and to create.
      requireAssignmentRule(access, 'get', caller, assignment);
      requireAssignmentRule(access, 'create', caller, { ...assignment, ownerId: caller.userId });
      const id = await cloneAssignment(services, request.params.id, caller);
      return reply.status(201).send({ entity: await showAssignment(id) });
    },
  );

  const studentActions: Record<string, StudentAction> = {
    'finish.json': 'finish',
    'restore.json': 'restore',
    'reset-time.json': 'reset-time',
    'time.json': 'time',
  };
  for (const [file, action] of Object.entries(studentActions)) {
    api.post(
      `/api/assignments/:id/students/:studentId/${file}`,
      {
        ...signedIn,
        schema: {
          tags,
          params: studentParams,
          ...(action === 'time' ? { body: timeBody } : {}),
          response: { 200: entitiesAnswer(attemptObject) },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const { id, studentId } = request.params;
        const minutes = action === 'time' ? (request.body as z.infer<typeof timeBody>).minutes : undefined;
        await actOnStudent(services, caller, id, studentId, action, minutes);
        return { entities: await attemptsOf(services, id, studentId) };
      },
    );
  }

  api.post(
    '/api/assignment-attempts/:id/finish.json',
    {
      ...signedIn,
      schema: {
        tags: ['assignment-attempts'],
        params: idParams,
        response: { 200: entityAnswer(attemptObject) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await finishAttempt(services, caller, request.params.id);
      const finished = (await entity(TABLES.attempts, request.params.id, attemptEntity)) as Record<
        string,
        unknown
      >;
      const [shown] = await studentView.attempts(services, caller, [finished]);
      return { entity: shown };
    },
  );
}

/** The tables whose fresh rows the commands below answer. */
type EntityTable = (typeof TABLES)['results' | 'reviewerResults' | 'assignments' | 'attempts'];

async function readEntity(
  services: Pick<ContextServices, 'db'>,
  table: EntityTable,
  id: string,
  toEntity: (row: Row) => unknown,
): Promise<unknown> {
  const row = await withTables<AssignmentsTables>(services.db)
    .selectFrom(table)
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('Запись не найдена');
  return toEntity(row);
}

async function attemptsOf(services: Pick<ContextServices, 'db'>, assignmentId: string, studentId: string) {
  const rows = await withTables<AssignmentsTables>(services.db)
    .selectFrom(TABLES.attempts)
    .selectAll()
    .where('assignment_id', '=', assignmentId)
    .where('student_id', '=', studentId)
    .orderBy('number')
    .execute();
  return rows.map(attemptEntity);
}
