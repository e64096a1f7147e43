import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  binaryAnswer,
  certificateElementSchema,
  certificateTemplateSchema,
  type CertificateElement,
} from '@sabaq/events';
import type { ContextServices } from '../../../platform/context';
import { callerOf } from '../../../platform/http/authenticate';
import type { Row } from '../../../platform/http/records/collection';
import { recordId } from '../../../platform/http/records/list-query';
import { templateEntity } from '../read-model/entities';
import { TEMPLATES_TABLE, type CertificatesTables } from '../read-model/tables';
import { withTables } from '../../../platform/read-models/database';
import { certificateQrText, reportPath } from '../report/report-token';
import { localImageResolver } from './inline-images';
import { renderCertificatePdf } from './render-pdf';
import { renderCertificateSvg } from './render-svg';

const idParams = z.object({ id: recordId });
const fileAnswer = (description: string, type: string) => ({
  200: { description, content: { [type]: { schema: binaryAnswer } } },
});
const svgAnswer = fileAnswer('The certificate as an SVG', 'image/svg+xml');
const pdfAnswer = fileAnswer('The certificate as an A4 landscape PDF', 'application/pdf');
const studentParams = z.object({ id: recordId, studentId: recordId });

/**
 * What the editor sends to see its sheet: the layout (elements required, even if none: a call without a
 * layout is a mistake, 422), and sample values in the teacher's language.
 */
const previewBody = certificateTemplateSchema.pick({ image: true }).extend({
  elements: z.array(certificateElementSchema).max(100),
  placeholders: z.record(z.string().max(64), z.string().max(500)).default({}),
});

/** Values a preview shows for variables the editor sent none for. */
const SAMPLE_VALUES: Record<string, string> = {
  fullname: 'Иванов Иван Иванович',
  subject: 'Математика',
  points: '95',
  date: '01.09.26',
  'company-name': 'Sabaq',
  certificate_number: 'KZ-000001',
};

export interface RenderRouteHelpers {
  /** The caller's own active certificate (404 otherwise). */
  ownCertificate: (request: FastifyRequest, id: string) => Promise<Row>;
  /** The assignment's teacher's check before validation (school, owner), as the issue routes use. */
  assignmentTeacherFirst: { preValidation: (request: FastifyRequest) => Promise<void> };
  /** The same check after validation, answering the student's certificate of the assignment. */
  studentCertificate: (request: FastifyRequest, assignmentId: string, studentId: string) => Promise<Row>;
  /** The same two for a course's certificate (courses/course-routes.ts). */
  courseTeacherFirst: { preValidation: (request: FastifyRequest) => Promise<void> };
  courseStudentCertificate: (request: FastifyRequest, courseId: string, studentId: string) => Promise<Row>;
}

/**
 * The certificate drawn from its template's current layout and the values fixed at issue:
 * - `GET /api/user/certificates/{id}/render.svg | render.pdf`: the holder's own;
 * - `GET /api/assignments/{id}/students/{studentId}/certificate/render.pdf`: the assignment's teacher;
 * - `GET /api/courses/{id}/students/{studentId}/certificate/render.pdf`: the course's teacher;
 * - `POST /api/certificates/preview.svg`: the template editor's live preview with sample values.
 * The PDF is the same SVG drawn by pdfkit (render-pdf.ts), so the two never disagree.
 */
export function renderRoutes(app: FastifyInstance, services: ContextServices, helpers: RenderRouteHelpers) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['certificates'];
  const resolveImage = localImageResolver(app);
  const db = withTables<CertificatesTables>(services.db);
  const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

  const svgOf = async (request: FastifyRequest, row: Row): Promise<string> => {
    const template = await db
      .selectFrom(TEMPLATES_TABLE)
      .selectAll()
      .where('id', '=', String(row.certificate_id))
      .executeTakeFirst();
    return renderCertificateSvg({
      image: (template?.image as string | null) ?? null,
      elements: template ? (templateEntity(template).elements as unknown as CertificateElement[]) : [],
      placeholders: row.placeholders as Record<string, string>,
      // Where anyone holding the paper can check it: the report page by its random token; certificates
      // issued before reports existed keep the JSON check by their id (never by the sequential number).
      qrText: certificateQrText(originOf(request), {
        id: String(row.id),
        reportToken: row.report_token ? String(row.report_token) : null,
      }),
      resolveImage,
    });
  };

  const sendPdf = async (request: FastifyRequest, reply: FastifyReply, row: Row) => {
    const number = String(row.certificate_number);
    const pdf = await renderCertificatePdf(await svgOf(request, row), `${String(row.name)} ${number}`);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${fileName(number)}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  };

  api.get(
    '/api/user/certificates/:id/render.svg',
    { schema: { tags, params: idParams, response: svgAnswer } },
    async (request, reply) => {
      const row = await helpers.ownCertificate(request, request.params.id);
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('content-disposition', `inline; filename="${fileName(String(row.certificate_number))}.svg"`)
        .send(await svgOf(request, row));
    },
  );

  api.get(
    '/api/user/certificates/:id/render.pdf',
    { schema: { tags, params: idParams, response: pdfAnswer } },
    async (request, reply) =>
      sendPdf(request, reply, await helpers.ownCertificate(request, request.params.id)),
  );

  api.get(
    '/api/assignments/:id/students/:studentId/certificate/render.pdf',
    { ...helpers.assignmentTeacherFirst, schema: { tags, params: studentParams, response: pdfAnswer } },
    async (request, reply) =>
      sendPdf(
        request,
        reply,
        await helpers.studentCertificate(request, request.params.id, request.params.studentId),
      ),
  );

  api.get(
    '/api/courses/:id/students/:studentId/certificate/render.pdf',
    { ...helpers.courseTeacherFirst, schema: { tags, params: studentParams, response: pdfAnswer } },
    async (request, reply) =>
      sendPdf(
        request,
        reply,
        await helpers.courseStudentCertificate(request, request.params.id, request.params.studentId),
      ),
  );

  api.post(
    '/api/certificates/preview.svg',
    { schema: { tags, body: previewBody, response: svgAnswer } },
    async (request, reply) => {
      callerOf(request);
      const { image, elements, placeholders } = request.body;
      const svg = await renderCertificateSvg({
        image,
        elements,
        placeholders: { ...SAMPLE_VALUES, ...placeholders },
        qrText: `${originOf(request)}${reportPath('preview')}`,
        resolveImage,
      });
      return reply.header('content-type', 'image/svg+xml; charset=utf-8').send(svg);
    },
  );
}

/** A number as a file name on every system (numbers may hold "/" or "№"). */
function fileName(number: string): string {
  return `certificate-${number.replace(/[^A-Za-z0-9._-]+/g, '_')}`;
}
