import type {
  AssignmentLaunchCodeTarget,
  AssignmentLaunchLink,
  AssignmentLaunchPreview,
  AssignmentLaunchTarget,
} from '@sabaq/events';
import { entityAnswer, launchLinkObject, launchPreviewObject, launchTargetObject } from '@sabaq/events';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContextServices } from '../../../platform/context';
import { NotFoundError } from '../../../platform/errors';
import type { Caller } from '../../../platform/http/caller';
import { assignmentsRecordAccess } from '../access-rules';
import { recordId } from '../../../platform/http/records/list-query';
import { SCHOOLS_TABLE } from '../../schools/table';
import { assignmentEntity } from '../read-model/entities';
import { withTables } from '../../../platform/read-models/database';
import { TABLES, type AssignmentsTables } from '../read-model/tables';
import { openAssignment, requireAssignmentRule } from '../work/open-assignment';
import { CodeGuessBudget } from './code-guessing';
import { newLaunchCode, normalizeLaunchCode } from './link-code';
import { runLaunchLinkCommand } from './link-commands';
import { LAUNCH_LINKS_TABLE } from './link-table';
import { LAUNCH_TOKEN, launchPath, newLaunchToken } from './link-token';
import { callerOf } from '../../../platform/http/authenticate';

const idParams = z.object({ id: recordId });
const tokenParams = z.object({ token: z.string().min(1).max(128) });
const codeParams = z.object({ code: z.string().min(1).max(64) });
const tags = ['assignments'];
const CODE_NOT_FOUND = 'Код не найден';

/**
 * The assignment's launch link (`/session/assignment/{token}`, docs/assignments.md):
 * - `GET | POST | DELETE /api/assignments/{id}/launch-link.json`: the assignment's staff read, issue
 *   (the live one again, if any) and revoke it; `POST …/launch-link/renew.json` replaces it;
 * - `GET /api/assignment-links/{token}`: where the link leads the signed-in caller;
 * - `GET /api/assignment-links/{token}/preview.json`: the assignment's name for a signed-out visitor;
 * - `GET /api/assignment-links/code/{code}`: the link's short code (`/startx`), for the signed-in caller.
 * An unknown or revoked token or code is 404 everywhere; wrong codes are limited per caller (429).
 */
export function launchLinkRoutes(app: FastifyInstance, services: ContextServices): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = withTables<AssignmentsTables>(services.db);

  /** Whoever may edit the assignment (its owner, the school's managers and admins); others 404/403. */
  const staffsAssignment = async (request: FastifyRequest) => {
    const caller = callerOf(request);
    const { id } = request.params as z.infer<typeof idParams>;
    const assignment = await openAssignment(services, caller, id);
    requireAssignmentRule(assignmentsRecordAccess, 'update', caller, assignment);
    return { caller, id };
  };

  const liveLink = async (assignmentId: string): Promise<AssignmentLaunchLink | null> => {
    const row = await db
      .selectFrom(LAUNCH_LINKS_TABLE)
      .select(['token', 'code', 'issued_at', 'issued_by'])
      .where('assignment_id', '=', assignmentId)
      .where('revoked_at', 'is', null)
      .orderBy('issued_at', 'desc')
      .executeTakeFirst();
    return row
      ? {
          token: row.token,
          path: launchPath(row.token),
          issued_at: row.issued_at.toISOString(),
          issued_by: row.issued_by,
          code: String(row.code),
        }
      : null;
  };

  /** A code no live link holds (a clash among 8.5·10¹¹ codes is rare, but two classes must not meet). */
  const freeCode = async (): Promise<string> => {
    for (;;) {
      const code = newLaunchCode();
      const taken = await db
        .selectFrom(LAUNCH_LINKS_TABLE)
        .select('token')
        .where('code', '=', code)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (!taken) return code;
    }
  };

  const issue = async (
    caller: Caller,
    assignmentId: string,
    type: 'Issue' | 'Renew',
    token = newLaunchToken(),
  ) =>
    runLaunchLinkCommand(services, {
      type,
      token,
      code: await freeCode(),
      assignmentId,
      schoolId: caller.schoolId!,
      by: caller.userId,
      at: services.clock().toISOString(),
    });

  const path = '/api/assignments/:id/launch-link.json';
  api.get(
    path,
    { schema: { tags, params: idParams, response: { 200: entityAnswer(launchLinkObject) } } },
    async (request) => {
      const { id } = await staffsAssignment(request);
      return { entity: await liveLink(id) };
    },
  );

  api.post(
    path,
    {
      schema: {
        tags,
        params: idParams,
        response: { 200: entityAnswer(launchLinkObject), 201: entityAnswer(launchLinkObject) },
      },
    },
    async (request, reply) => {
      const { caller, id } = await staffsAssignment(request);
      const before = await liveLink(id);
      if (before) return reply.status(200).send({ entity: before });
      // Two issues at once may both get here; the event's id is the same for both, so one token is
      // stored. Whoever's token it is made the link (201); the other found it (200).
      const token = newLaunchToken();
      await issue(caller, id, 'Issue', token);
      const live = await liveLink(id);
      return reply.status(live?.token === token ? 201 : 200).send({ entity: live });
    },
  );

  api.post(
    '/api/assignments/:id/launch-link/renew.json',
    { schema: { tags, params: idParams, response: { 201: entityAnswer(launchLinkObject) } } },
    async (request, reply) => {
      const { caller, id } = await staffsAssignment(request);
      await issue(caller, id, 'Renew');
      return reply.status(201).send({ entity: await liveLink(id) });
    },
  );

  api.delete(
    path,
    { schema: { tags, params: idParams, response: { 200: entityAnswer(launchLinkObject) } } },
    async (request) => {
      const { caller, id } = await staffsAssignment(request);
      await runLaunchLinkCommand(services, {
        type: 'Revoke',
        assignmentId: id,
        by: caller.userId,
        at: services.clock().toISOString(),
      });
      return { entity: null };
    },
  );

  /** The live link's assignment (not deleted), or 404. */
  const linkedAssignment = async (token: string, notFound = 'Ссылка на задание не найдена или отозвана') => {
    const link = LAUNCH_TOKEN.test(token)
      ? await db
          .selectFrom(LAUNCH_LINKS_TABLE)
          .select(['assignment_id', 'school_id'])
          .where('token', '=', token)
          .where('revoked_at', 'is', null)
          .executeTakeFirst()
      : undefined;
    const row = link
      ? await db
          .selectFrom(TABLES.assignments)
          .selectAll()
          .where('id', '=', link.assignment_id)
          .where('school_id', '=', link.school_id)
          .where('deleted', '=', false)
          .executeTakeFirst()
      : undefined;
    if (!row) throw new NotFoundError(notFound);
    return assignmentEntity(row, services.clock());
  };

  api.get(
    '/api/assignment-links/:token',
    { schema: { tags, params: tokenParams, response: { 200: entityAnswer(launchTargetObject) } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const a = await linkedAssignment(request.params.token);
      // A revoked link must stop leading anywhere at once: nothing may keep a copy.
      void reply.header('cache-control', 'no-store');
      const target: AssignmentLaunchTarget = {
        assignment_id: a.id as string,
        name: a.name,
        type: a.type,
        status: a.status,
        relation: relationOf(caller, a),
      };
      return { entity: target };
    },
  );

  const guesses = new CodeGuessBudget(() => services.clock().getTime());
  api.get(
    '/api/assignment-links/code/:code',
    { schema: { tags, params: codeParams, response: { 200: entityAnswer(launchTargetObject) } } },
    async (request, reply) => {
      const caller = callerOf(request);
      guesses.check(caller.userId);
      const code = normalizeLaunchCode(request.params.code);
      const link = code
        ? await db
            .selectFrom(LAUNCH_LINKS_TABLE)
            .select(['token'])
            .where('code', '=', code)
            .where('revoked_at', 'is', null)
            .executeTakeFirst()
        : undefined;
      if (!link) {
        guesses.miss(caller.userId);
        throw new NotFoundError(CODE_NOT_FOUND);
      }
      const token = link.token;
      const a = await linkedAssignment(token, CODE_NOT_FOUND);
      void reply.header('cache-control', 'no-store');
      const target: AssignmentLaunchCodeTarget = {
        assignment_id: a.id as string,
        name: a.name,
        type: a.type,
        status: a.status,
        relation: relationOf(caller, a),
        token,
      };
      return { entity: target };
    },
  );

  api.get(
    '/api/assignment-links/:token/preview.json',
    { schema: { tags, params: tokenParams, response: { 200: entityAnswer(launchPreviewObject) } } },
    async (request, reply) => {
      const a = await linkedAssignment(request.params.token);
      const school = await db
        .selectFrom(SCHOOLS_TABLE)
        .select(['name'])
        .where('id', '=', String(a.school_id))
        .executeTakeFirst();
      void reply.header('cache-control', 'no-store');
      const preview: AssignmentLaunchPreview = { name: a.name, school: school ? school.name : null };
      return { entity: preview };
    },
  );
}

/** What the caller is to the assignment: the page sends a student to it and the staff to their view. */
function relationOf(
  caller: Caller,
  a: { school_id: unknown; owner_id: unknown; students: string[]; reviewers: string[] },
): AssignmentLaunchTarget['relation'] {
  if (caller.schoolId === null || caller.schoolId !== a.school_id) return 'other';
  if (caller.group === 'student') return a.students.includes(caller.userId) ? 'student' : 'other';
  if (caller.group === 'admin' || caller.group === 'manager') return 'staff';
  if (caller.group !== 'teacher') return 'other';
  return a.owner_id === caller.userId || a.reviewers.includes(caller.userId) ? 'staff' : 'other';
}
