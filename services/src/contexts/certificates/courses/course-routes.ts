import {
  courseCertificateStudentObject,
  entitiesAnswer,
  entityAnswer,
  issuedCertificateObject,
} from '@sabaq/events';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContextServices } from '../../../platform/context';
import { NotFoundError, ValidationError } from '../../../platform/errors';
import { callerOf } from '../../../platform/http/authenticate';
import type { Caller } from '../../../platform/http/caller';
import type { Row } from '../../../platform/http/records/collection';
import { recordId } from '../../../platform/http/records/list-query';
import { withTables } from '../../../platform/read-models/database';
import { courseCertificateId } from '../ids';
import { courseStanding } from '../issuing/course-rule';
import { issuedCertificateEntity } from '../read-model/entities';
import { TEMPLATES_TABLE, USER_CERTIFICATES_TABLE } from '../read-model/tables';
import { newReportToken } from '../report/report-token';
import { runTemplateCommand } from '../templates/template-commands';
import {
  courseAssignments,
  courseFacts,
  standingsOf,
  studentsWhoWorked,
  type CertifyingCourse,
  type CourseDb,
} from './course-queries';
import type { CourseCertificateTables } from './course-tables';

const idParams = z.object({ id: recordId });
const studentParams = z.object({ id: recordId, studentId: recordId });

/** A course as its certificates' routes need it, once the caller may manage them. */
type ManagedCourse = Omit<CertifyingCourse, 'templateId'> & { templateId: string | null; students: string[] };

/**
 * The teacher's side of course certificates (docs/certificates.md), as for an assignment's:
 * - `GET /api/courses/{id}/certificates.json`: what was issued for the course;
 * - `GET /api/courses/{id}/certificate-students.json`: the students who worked on the course's
 *   assignments (or are enrolled in it), whether they finished it, and their certificate if any;
 * - `POST /api/courses/{id}/students/{studentId}/certificate/issue.json | revoke.json | restore.json`.
 * The course's author and the school's managers and admins; another school's course, a colleague's,
 * or a draft of someone else is 404 (the course routes' draft rule), checked before validation.
 */
export function courseCertificateRoutes(app: FastifyInstance, services: ContextServices) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['certificates'];
  const db: CourseDb = withTables<CourseCertificateTables>(services.db);

  const courseTeacherFirst = {
    preValidation: async (request: FastifyRequest) => {
      const parsed = recordId.safeParse((request.params as { id?: unknown }).id);
      if (!parsed.success) throw new NotFoundError('Курс не найден');
      await managedCourse(callerOf(request), parsed.data);
    },
  };

  async function managedCourse(caller: Caller, courseId: string): Promise<ManagedCourse> {
    const row = await db
      .selectFrom('authoring_courses')
      .select(['id', 'school_id', 'owner_id', 'status', 'name', 'certificate_id', 'settings', 'students'])
      .where('id', '=', courseId)
      .where('deleted', '=', false)
      .executeTakeFirst();
    const own = row?.owner_id === caller.userId;
    const staff = caller.group === 'admin' || caller.group === 'manager';
    if (!row || row.school_id !== caller.schoolId || !(own || (staff && row.status !== 'draft')))
      throw new NotFoundError('Курс не найден');
    return {
      id: row.id,
      schoolId: row.school_id,
      ownerId: row.owner_id,
      name: row.name,
      templateId: row.certificate_id,
      settings: row.settings,
      students: Array.isArray(row.students) ? (row.students as string[]) : [],
    };
  }

  /** Who a course's certificate may be for: the students who worked on its assignments, and its enrolled ones. */
  async function studentsOf(course: ManagedCourse): Promise<string[]> {
    const worked = await studentsWhoWorked(db, course.id);
    return [...new Set([...course.students, ...worked])].sort();
  }

  const certificateOf = async (courseId: string, studentId: string) =>
    (await services.db
      .selectFrom(USER_CERTIFICATES_TABLE)
      .selectAll()
      .where('course_id', '=', courseId)
      .where('user_id', '=', studentId)
      .orderBy('issued_at', 'desc')
      .executeTakeFirst()) as Row | undefined;

  api.get(
    '/api/courses/:id/certificates.json',
    {
      ...courseTeacherFirst,
      schema: { tags, params: idParams, response: { 200: entitiesAnswer(issuedCertificateObject) } },
    },
    async (request) => {
      const course = await managedCourse(callerOf(request), request.params.id);
      const rows = (await services.db
        .selectFrom(USER_CERTIFICATES_TABLE)
        .selectAll()
        .where('course_id', '=', course.id)
        .orderBy('number')
        .execute()) as Row[];
      return { entities: rows.map(issuedCertificateEntity) };
    },
  );

  api.get(
    '/api/courses/:id/certificate-students.json',
    {
      ...courseTeacherFirst,
      schema: { tags, params: idParams, response: { 200: entitiesAnswer(courseCertificateStudentObject) } },
    },
    async (request) => {
      const course = await managedCourse(callerOf(request), request.params.id);
      const assignments = await courseAssignments(db, course.id);
      const now = services.clock();
      const entities = [];
      for (const studentId of await studentsOf(course)) {
        const standing = courseStanding(await standingsOf(db, assignments, studentId, now));
        const certificate = await certificateOf(course.id, studentId);
        const facts = await courseFacts(db, course, studentId, standing.score);
        entities.push({
          user_id: studentId,
          fullname: facts.fullname,
          finished: standing.finished,
          score: standing.score,
          max_score: standing.maxPoints,
          certificate: certificate ? issuedCertificateEntity(certificate) : null,
        });
      }
      return { entities };
    },
  );

  api.post(
    '/api/courses/:id/students/:studentId/certificate/issue.json',
    {
      ...courseTeacherFirst,
      schema: {
        tags,
        params: studentParams,
        response: { 200: entityAnswer(issuedCertificateObject), 201: entityAnswer(issuedCertificateObject) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { id, studentId } = request.params;
      const course = await managedCourse(caller, id);
      if (!(await studentsOf(course)).includes(studentId))
        throw new NotFoundError('Ученик не найден в курсе');
      const template = course.templateId
        ? await services.db
            .selectFrom(TEMPLATES_TABLE)
            .select('id')
            .where('id', '=', course.templateId)
            .where('school_id', '=', caller.schoolId)
            .where('deleted', '=', false)
            .executeTakeFirst()
        : undefined;
      if (!template || !course.templateId) {
        throw new ValidationError('В курсе не выбран шаблон сертификата', {
          certificate_id: ['В курсе не выбран шаблон сертификата'],
        });
      }
      const standing = courseStanding(
        await standingsOf(db, await courseAssignments(db, course.id), studentId, services.clock()),
      );
      const certificateId = courseCertificateId(course.templateId, course.id, studentId);
      const events = await runTemplateCommand(services, course.templateId, {
        type: 'Issue',
        id: certificateId,
        userId: studentId,
        assignmentId: null,
        courseId: course.id,
        schoolId: caller.schoolId,
        facts: await courseFacts(db, course, studentId, standing.score),
        reportToken: newReportToken(),
        at: services.clock().toISOString(),
        by: caller.userId,
      });
      const row = await certificateOf(course.id, studentId);
      if (!row) throw new NotFoundError('Сертификат не найден');
      return reply.status(events.length > 0 ? 201 : 200).send({ entity: issuedCertificateEntity(row) });
    },
  );

  for (const action of ['revoke', 'restore'] as const) {
    api.post(
      `/api/courses/:id/students/:studentId/certificate/${action}.json`,
      {
        ...courseTeacherFirst,
        schema: { tags, params: studentParams, response: { 200: entityAnswer(issuedCertificateObject) } },
      },
      async (request) => {
        const caller = callerOf(request);
        const { id, studentId } = request.params;
        const course = await managedCourse(caller, id);
        const row = await certificateOf(course.id, studentId);
        if (!row) throw new NotFoundError('Сертификат не выдан');
        await runTemplateCommand(services, String(row.certificate_id), {
          type: action === 'revoke' ? 'Revoke' : 'Restore',
          id: String(row.id),
          at: services.clock().toISOString(),
          by: caller.userId,
        });
        return { entity: issuedCertificateEntity((await certificateOf(course.id, studentId))!) };
      },
    );
  }

  return {
    courseTeacherFirst,
    /** The student's certificate of the course (active or revoked) for its teacher's PDF download. */
    studentCertificate: async (
      request: FastifyRequest,
      courseId: string,
      studentId: string,
    ): Promise<Row> => {
      const course = await managedCourse(callerOf(request), courseId);
      const row = await certificateOf(course.id, studentId);
      if (!row) throw new NotFoundError('Сертификат не выдан');
      return row;
    },
  };
}
