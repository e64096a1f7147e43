import { entityAnswer, publicReportObject, reportLinkAnswer } from '@sabaq/events';
import type { ReportLink } from '@sabaq/events';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContextServices } from '../../../platform/context';
import { NotFoundError, ValidationError } from '../../../platform/errors';
import { recordId } from '../../../platform/http/records/list-query';
import { openAssignment, type OpenAssignment } from '../../assignments/work/open-assignment';
import { REPORT_LINKS_TABLE } from '../read-model/tables';
import { runReportLinkCommand } from './report-link-commands';
import { newReportToken, reportPath } from './report-token';
import { publicReport, type ReportTables } from './public-report';
import { withTables } from '../../../platform/read-models/database';
import { callerOf } from '../../../platform/http/authenticate';

const tokenParams = z.object({ token: z.string().min(1).max(128) });
const attemptParams = z.object({ id: recordId, attemptId: recordId });
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * - `GET /api/report/{token}`: public, what `/report/{token}` shows (docs/certificates.md);
 * - `GET | POST | DELETE /api/assignments/{id}/attempts/{attemptId}/report-link.json`: the assignment's
 *   teacher reads, makes and revokes an attempt's share link.
 */
export function reportRoutes(app: FastifyInstance, services: ContextServices): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['certificates'];

  api.get(
    '/api/report/:token',
    { schema: { tags, params: tokenParams, response: { 200: entityAnswer(publicReportObject) } } },
    async (request, reply) => {
      const { token } = request.params;
      const report = TOKEN.test(token) ? await publicReport(services.db, token) : undefined;
      if (!report) throw new NotFoundError('Отчёт не найден');
      // A revoked link or certificate must stop showing at once: nothing may keep a copy.
      void reply.header('cache-control', 'no-store');
      return { entity: report };
    },
  );

  /**
   * The assignment's own teacher only (the route table lets teachers in; here the school, then the
   * owner): another school's assignment, a colleague's, or an attempt of another assignment is 404.
   */
  const teachersAttempt = async (request: FastifyRequest) => {
    const caller = callerOf(request);
    const { id, attemptId } = request.params as z.infer<typeof attemptParams>;
    const assignment = await openAssignment(services, caller, id);
    if (assignment.ownerId !== caller.userId) throw new NotFoundError('Задание не найдено');
    const attempt = await withTables<ReportTables>(services.db)
      .selectFrom('assignments_attempts')
      .select(['id', 'student_id'])
      .where('id', '=', attemptId)
      .where('assignment_id', '=', id)
      .where('deleted', '=', false)
      .executeTakeFirst();
    if (!attempt) throw new NotFoundError('Попытка не найдена');
    return { caller, assignment, attemptId, studentId: String(attempt.student_id) };
  };

  const liveLink = async (attemptId: string): Promise<ReportLink | null> => {
    const row = await withTables<ReportTables>(services.db)
      .selectFrom(REPORT_LINKS_TABLE)
      .select(['token', 'shared_at', 'shared_by'])
      .where('attempt_id', '=', attemptId)
      .where('revoked_at', 'is', null)
      .orderBy('shared_at', 'desc')
      .executeTakeFirst();
    return row
      ? {
          token: String(row.token),
          path: reportPath(String(row.token)),
          shared_at: new Date(row.shared_at).toISOString(),
          shared_by: String(row.shared_by),
        }
      : null;
  };

  const path = '/api/assignments/:id/attempts/:attemptId/report-link.json';
  api.get(
    path,
    { schema: { tags, params: attemptParams, response: { 200: reportLinkAnswer } } },
    async (request) => {
      const { attemptId } = await teachersAttempt(request);
      return { entity: await liveLink(attemptId) };
    },
  );

  api.post(
    path,
    { schema: { tags, params: attemptParams, response: { 200: reportLinkAnswer, 201: reportLinkAnswer } } },
    async (request, reply) => {
      const { caller, assignment, attemptId, studentId } = await teachersAttempt(request);
      requireShowReport(assignment);
      const before = await liveLink(attemptId);
      if (before) return reply.status(200).send({ entity: before });
      await runReportLinkCommand(services, {
        type: 'Share',
        token: newReportToken(),
        attemptId,
        assignmentId: request.params.id,
        studentId,
        schoolId: caller.schoolId!,
        by: caller.userId,
        at: services.clock().toISOString(),
      });
      return reply.status(201).send({ entity: await liveLink(attemptId) });
    },
  );

  api.delete(
    path,
    { schema: { tags, params: attemptParams, response: { 200: reportLinkAnswer } } },
    async (request) => {
      const { caller, attemptId } = await teachersAttempt(request);
      await runReportLinkCommand(services, {
        type: 'Revoke',
        attemptId,
        by: caller.userId,
        at: services.clock().toISOString(),
      });
      return { entity: null };
    },
  );
}

/** The assignment's certificate settings decide whether its reports may be public (000 §3). */
function requireShowReport(assignment: OpenAssignment): void {
  if (assignment.view.record.settings.certificate.show_report) return;
  const message = 'Отчёт задания не показывается: включите «Показывать отчёт» в настройках сертификата';
  throw new ValidationError(message, { show_report: [message] });
}
