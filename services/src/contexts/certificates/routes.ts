import {
  certificateCheckObject,
  entitiesAnswer,
  entityAnswer,
  issuedCertificateObject,
  userCertificateObject,
} from '@sabaq/events';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContextServices } from '../../platform/context';
import { NotFoundError, ValidationError } from '../../platform/errors';
import type { Caller } from '../../platform/http/caller';
import type { AccessTable } from '../../platform/http/records/access';
import { assignmentsRecordAccess } from '../assignments/access-rules';
import { certificatesRecordAccess } from './access-rules';
import type { Row } from '../../platform/http/records/collection';
import { recordId } from '../../platform/http/records/list-query';
import { registerCollections } from '../../platform/http/records/routes';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { openAssignment, requireAssignmentRule } from '../assignments/work/open-assignment';
import { manualIssue } from './issuing/manual-issue';
import { issuingProcess } from './issuing/process-manager';
import { startCourseChangeSweeper } from './courses/course-changes';
import { courseIssuingProcess, issueCourseCertificate } from './courses/course-process';
import { courseCertificateRoutes } from './courses/course-routes';
import { issuedCertificateEntity, userCertificateEntity } from './read-model/entities';
import { TEMPLATES_TABLE, USER_CERTIFICATES_TABLE, type CertificatesTables } from './read-model/tables';
import { withTables } from '../../platform/read-models/database';
import { renderRoutes } from './render/render-routes';
import { reportRoutes } from './report/report-routes';
import { runTemplateCommand } from './templates/template-commands';
import { templatesCollection } from './templates/templates-collection';
import { callerOf } from '../../platform/http/authenticate';

/** How often course edits are looked at again; a teacher sees the certificates a few seconds after saving. */
const COURSE_SWEEP_MS = 2_000;

export interface CertificatesRouteOptions {
  access?: AccessTable;
  /** Runs the issuing process manager beside the routes (the default); tests may run their own. */
  issuing?: boolean;
}

const idParams = z.object({ id: recordId });
const studentParams = z.object({ id: recordId, studentId: recordId });

/**
 * - `/api/certificates` (+ /{id}): templates, through the record API;
 * - `GET /api/user/certificates` (+ /{id}): the caller's own certificates (their renders: render-routes.ts);
 * - `GET /api/certificate-check/{id}`: public, what a certificate's QR code points to;
 * - `GET /api/assignments/{id}/certificates.json`: what was issued for an assignment (its teacher);
 * - `POST /api/assignments/{id}/students/{studentId}/certificate/issue.json | revoke.json |
 *   restore.json`: the teacher's manual actions (specification 001 §4: issue, revoke or restore).
 */
export async function certificatesRoutes(
  app: FastifyInstance,
  services: ContextServices,
  options: CertificatesRouteOptions = {},
): Promise<void> {
  const access = options.access ?? { ...certificatesRecordAccess, ...assignmentsRecordAccess };
  const db = withTables<CertificatesTables>(services.db);
  await registerCollections(app, services, [templatesCollection], access);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['certificates'];

  /**
   * The assignment's school and teacher are checked before the body and the parameters are validated,
   * so another school's caller learns nothing from a 422 (the platform's rule for route access).
   */
  const assignmentTeacherFirst = {
    preValidation: async (request: FastifyRequest) => {
      const caller = callerOf(request);
      const assignment = await openAssignment(services, caller, rawAssignmentId(request));
      requireAssignmentRule(access, 'update', caller, assignment);
    },
  };

  const ownCertificate = async (caller: Caller, id: string): Promise<Row> => {
    const row = await db
      .selectFrom(USER_CERTIFICATES_TABLE)
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', caller.userId)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (!row) throw new NotFoundError('Сертификат не найден');
    return row;
  };

  api.get(
    '/api/user/certificates',
    { schema: { tags, response: { 200: entitiesAnswer(userCertificateObject) } } },
    async (request) => {
      const rows = await db
        .selectFrom(USER_CERTIFICATES_TABLE)
        .selectAll()
        .where('user_id', '=', callerOf(request).userId)
        .where('status', '=', 'active')
        .orderBy('issued_at', 'desc')
        .orderBy('id')
        .limit(1000)
        .execute();
      return { entities: rows.map(userCertificateEntity) };
    },
  );

  api.get(
    '/api/user/certificates/:id',
    { schema: { tags, params: idParams, response: { 200: entityAnswer(userCertificateObject) } } },
    async (request) => ({
      entity: userCertificateEntity(await ownCertificate(callerOf(request), request.params.id)),
    }),
  );

  /**
   * Public: what the QR code points to. By the certificate's id (a uuid, not its sequential number, so
   * nobody can walk through the numbers to collect students' names); a revoked one says so.
   */
  api.get(
    '/api/certificate-check/:id',
    { schema: { tags, params: idParams, response: { 200: entityAnswer(certificateCheckObject) } } },
    async (request) => {
      const row = await db
        .selectFrom(USER_CERTIFICATES_TABLE)
        .selectAll()
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!row) throw new NotFoundError('Сертификат не найден');
      const placeholders = row.placeholders as Record<string, string>;
      return {
        entity: {
          id: row.id,
          name: row.name,
          certificate_number: row.certificate_number,
          fullname: placeholders.fullname ?? '',
          subject: placeholders.subject ?? '',
          company_name: placeholders['company-name'] ?? '',
          issued_at: row.issued_at,
          is_valid: row.status === 'active',
        },
      };
    },
  );

  api.get(
    '/api/assignments/:id/certificates.json',
    {
      ...assignmentTeacherFirst,
      schema: { tags, params: idParams, response: { 200: entitiesAnswer(issuedCertificateObject) } },
    },
    async (request) => {
      const caller = callerOf(request);
      const assignment = await openAssignment(services, caller, request.params.id);
      requireAssignmentRule(access, 'update', caller, assignment);
      const rows = await db
        .selectFrom(USER_CERTIFICATES_TABLE)
        .selectAll()
        .where('assignment_id', '=', request.params.id)
        .orderBy('number')
        .execute();
      return { entities: rows.map(issuedCertificateEntity) };
    },
  );

  api.post(
    '/api/assignments/:id/students/:studentId/certificate/issue.json',
    {
      ...assignmentTeacherFirst,
      schema: {
        tags,
        params: studentParams,
        response: { 200: entityAnswer(issuedCertificateObject), 201: entityAnswer(issuedCertificateObject) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { id, studentId } = request.params;
      const assignment = await openAssignment(services, caller, id);
      requireAssignmentRule(access, 'update', caller, assignment);
      const record = assignment.view.record;
      if (!record.students.includes(studentId)) throw new NotFoundError('Ученик не найден в задании');
      const template = record.certificate_id
        ? await db
            .selectFrom(TEMPLATES_TABLE)
            .select('id')
            .where('id', '=', record.certificate_id)
            .where('school_id', '=', caller.schoolId)
            .where('deleted', '=', false)
            .executeTakeFirst()
        : undefined;
      if (!template) {
        throw new ValidationError('В задании не выбран шаблон сертификата', {
          certificate_id: ['В задании не выбран шаблон сертификата'],
        });
      }
      const { certificateId, issued } = await manualIssue(services, record, id, studentId, caller);
      const row = await issuedRow(certificateId);
      return reply.status(issued ? 201 : 200).send({ entity: issuedCertificateEntity(row) });
    },
  );

  for (const action of ['revoke', 'restore'] as const) {
    api.post(
      `/api/assignments/:id/students/:studentId/certificate/${action}.json`,
      {
        ...assignmentTeacherFirst,
        schema: { tags, params: studentParams, response: { 200: entityAnswer(issuedCertificateObject) } },
      },
      async (request) => {
        const caller = callerOf(request);
        const { id, studentId } = request.params;
        const assignment = await openAssignment(services, caller, id);
        requireAssignmentRule(access, 'update', caller, assignment);
        const row = await latestOf(id, studentId);
        await runTemplateCommand(services, String(row.certificate_id), {
          type: action === 'revoke' ? 'Revoke' : 'Restore',
          id: String(row.id),
          at: services.clock().toISOString(),
          by: caller.userId,
        });
        return { entity: issuedCertificateEntity(await issuedRow(String(row.id))) };
      },
    );
  }

  reportRoutes(app, services);
  const course = courseCertificateRoutes(app, services);
  renderRoutes(app, services, {
    courseTeacherFirst: course.courseTeacherFirst,
    courseStudentCertificate: course.studentCertificate,
    ownCertificate: (request, id) => ownCertificate(callerOf(request), id),
    assignmentTeacherFirst,
    studentCertificate: async (request, assignmentId, studentId) => {
      const caller = callerOf(request);
      requireAssignmentRule(access, 'update', caller, await openAssignment(services, caller, assignmentId));
      return latestOf(assignmentId, studentId);
    },
  });

  /** The student's certificate of the assignment (one per template; the latest if it changed). */
  async function latestOf(assignmentId: string, studentId: string): Promise<Row> {
    const row = await db
      .selectFrom(USER_CERTIFICATES_TABLE)
      .selectAll()
      .where('assignment_id', '=', assignmentId)
      .where('user_id', '=', studentId)
      .orderBy('issued_at', 'desc')
      .executeTakeFirst();
    if (!row) throw new NotFoundError('Сертификат не выдан');
    return row;
  }

  async function issuedRow(id: string): Promise<Row> {
    const row = await db
      .selectFrom(USER_CERTIFICATES_TABLE)
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new NotFoundError('Сертификат не найден');
    return row;
  }

  if (options.issuing !== false) {
    const runner = new ProjectionRunner({
      store: services.store,
      db: services.db,
      projections: [
        issuingProcess(services, (message) => app.log.warn(message)),
        courseIssuingProcess(services, (message) => app.log.warn(message)),
      ],
      log: (message, fields) => app.log.warn({ ...fields }, message),
    });
    await runner.start();
    // A course edited after its students worked is looked at again (courses/course-changes.ts).
    const stopSweeper = startCourseChangeSweeper(
      services,
      (db, course, studentId) =>
        issueCourseCertificate(services, db, course, studentId, (message) => app.log.warn(message)),
      COURSE_SWEEP_MS,
      (line) => app.log.error(line),
    );
    app.addHook('onClose', async () => {
      await stopSweeper();
      await runner.stop();
    });
  }
}

/** The `:id` before validation: one that is not an id at all is no assignment either (404). */
function rawAssignmentId(request: FastifyRequest): string {
  const parsed = recordId.safeParse((request.params as { id?: unknown }).id);
  if (!parsed.success) throw new NotFoundError('Задание не найдено');
  return parsed.data;
}
