import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { caller, type ContextsApp } from '../schools/contexts-app';
import { createQuiz, entityOf, ok, S, student, takeQuiz, teacher } from '../support/quiz-school';
import { pdfText } from '../../support/pdf-text';
import { colleague, manager, outsider, settled, startCertificatesApp } from './certificates-app';

/** A 1×1 PNG: the background a template may carry inline. */
const PIXEL_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/**
 * The certificate as a PDF (the same SVG drawn by pdfkit with DejaVu, so Cyrillic stays text), who may
 * download it, and the template editor's live preview.
 */
let env: ContextsApp;
const call = caller(() => env.app);
let assignmentId = '';
let certificateId = '';

beforeAll(async () => {
  env = await startCertificatesApp(3);
  const quizId = await createQuiz(call);
  const template = await entityOf(
    call('POST', '/api/certificates', teacher, {
      name: 'Сертификат Қазақстан',
      serial_number: 'PDF-',
      image: PIXEL_PNG,
      elements: [
        {
          variable: 'fullname',
          styles: { font_size: 40, font_weight: 700 },
          options: { x: 10, y: 30, width: 80, height: 10 },
        },
        {
          variable: 'subject',
          styles: { font_family: 'DejaVu Serif, serif' },
          options: { x: 10, y: 45, width: 80, height: 8 },
        },
        {
          variable: 'certificate_number',
          options: { x: 5, y: 85, width: 30, height: 6 },
          styles: { align: 'left' },
        },
        { variable: 'qr-code', type: 'qr-code', options: { x: 80, y: 70, width: 15, height: 20 } },
        {
          variable: 'director',
          label: 'Директор: Әбенов Қ.',
          options: { x: 50, y: 85, width: 30, height: 6 },
        },
      ],
    }),
    201,
  );
  await env.caughtUp();
  const assignment = await entityOf(
    call('POST', '/api/assignments', teacher, {
      type: 'quiz',
      quizzes: [quizId],
      students: [S(1), S(2)],
      is_certificate: true,
      certificate_id: template.id,
      settings: { certificate: { issue_type: 'auto-all' } },
    }),
    201,
  );
  assignmentId = assignment.id;
  await takeQuiz(call, assignment, 1, true);
  await settled(env);
  const [mine] = (await ok(call('GET', '/api/user/certificates', student(1)))).entities as { id: string }[];
  certificateId = mine!.id;
});
afterAll(async () => {
  await env?.close();
});

describe('a certificate as a PDF', () => {
  it('the holder downloads a real A4 PDF whose text holds their name, subject, number and custom texts', async () => {
    const answer = await call('GET', `/api/user/certificates/${certificateId}/render.pdf`, student(1));
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="certificate-PDF-000001.pdf"');
    const pdf = answer.raw;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 841.89 595.28]');
    // Cyrillic and Kazakh letters come out as text in the DejaVu faces, not as missing glyphs.
    const text = pdfText(pdf);
    expect(text).toContain('Касымова Айгерим1');
    expect(text).toContain('Умножение');
    expect(text).toContain('PDF-000001');
    expect(text).toContain('Директор: Әбенов Қ.');
    expect(pdf.toString('latin1')).toMatch(/\/FontName \/[A-Z]+\+DejaVuSans-Bold/);
    expect(pdf.toString('latin1')).toMatch(/\/FontName \/[A-Z]+\+DejaVuSerif/);
    // The background picture is drawn, and the QR code is a link to the certificate's report page.
    expect(pdf.toString('latin1')).toContain('/Subtype /Image');
    expect(pdf.toString('latin1')).toMatch(/\/URI \(http:\/\/[^)]+\/report\/[A-Za-z0-9_-]{22}\)/);
  });

  it('the QR code drawn in the SVG encodes the report address it links to', async () => {
    const svg = (
      await call('GET', `/api/user/certificates/${certificateId}/render.svg`, student(1))
    ).raw.toString();
    const target = /data-qr-text="([^"]+)"/.exec(svg)?.[1];
    const { report_path } = await entityOf(
      call('GET', `/api/user/certificates/${certificateId}`, student(1)),
    );
    expect(target).toMatch(new RegExp(`^http://[^/]+${report_path}$`));
    // Drawn again from that address, the code's modules are the same path: the code holds exactly it.
    const expected = await QRCode.toString(target!, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' });
    const modules = (s: string) => /<path[^>]*stroke="#000000"[^>]*d="([^"]+)"/.exec(s)?.[1];
    expect(modules(expected)).toBeTruthy();
    expect(modules(svg)).toBe(modules(expected));
  });

  it('the assignment’s teacher and the school’s manager download a student’s; nobody else does', async () => {
    const url = `/api/assignments/${assignmentId}/students/${S(1)}/certificate/render.pdf`;
    for (const token of [teacher, manager]) {
      const answer = await call('GET', url, token);
      expect(answer.status).toBe(200);
      expect(pdfText(answer.raw)).toContain('Касымова Айгерим1');
    }
    expect((await call('GET', url, colleague)).status).toBe(404);
    expect((await call('GET', url, outsider)).status).toBe(404);
    expect((await call('GET', url, student(1))).status).toBe(403);
    expect((await call('GET', url, null)).status).toBe(401);
    // A student without a certificate, and one outside the assignment.
    expect(
      (await call('GET', `/api/assignments/${assignmentId}/students/${S(2)}/certificate/render.pdf`, teacher))
        .status,
    ).toBe(404);
    expect(
      (await call('GET', `/api/assignments/${assignmentId}/students/${S(3)}/certificate/render.pdf`, teacher))
        .status,
    ).toBe(404);
  });

  it('another student’s, or a revoked one, is 404 to the holder’s route', async () => {
    expect((await call('GET', `/api/user/certificates/${certificateId}/render.pdf`, student(2))).status).toBe(
      404,
    );
    await ok(
      call('POST', `/api/assignments/${assignmentId}/students/${S(1)}/certificate/revoke.json`, teacher),
    );
    expect((await call('GET', `/api/user/certificates/${certificateId}/render.pdf`, student(1))).status).toBe(
      404,
    );
    await ok(
      call('POST', `/api/assignments/${assignmentId}/students/${S(1)}/certificate/restore.json`, teacher),
    );
    expect((await call('GET', `/api/user/certificates/${certificateId}/render.pdf`, student(1))).status).toBe(
      200,
    );
  });
});

describe('the template editor’s preview (POST /api/certificates/preview.svg)', () => {
  it('draws the layout sent with the sample values sent, and defaults for the rest', async () => {
    const answer = await call('POST', '/api/certificates/preview.svg', teacher, {
      image: null,
      elements: [
        { variable: 'fullname', styles: { color: '#aa0000', font_weight: '700' } },
        { variable: 'subject' },
        { variable: 'qr-code', type: 'qr-code' },
        { variable: 'note', label: 'Особая отметка' },
        { variable: 'hidden', label: 'Не видно', is_active: false },
      ],
      placeholders: { fullname: 'Student Name' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toContain('image/svg+xml');
    const svg = answer.raw.toString();
    expect(svg).toContain('>Student Name</text>');
    expect(svg).toMatch(/fill="#aa0000" font-weight="bold">Student Name/);
    expect(svg).toContain('>Математика</text>');
    expect(svg).toContain('>Особая отметка</text>');
    expect(svg).not.toContain('Не видно');
    expect(svg).toMatch(/data-qr-text="http:\/\/[^"]+\/report\/preview"/);
  });

  it('is the staff’s: a student is 403, no token 401; a bad layout is 422 per field', async () => {
    const body = { image: null, elements: [] };
    expect((await call('POST', '/api/certificates/preview.svg', student(1), body)).status).toBe(403);
    expect((await call('POST', '/api/certificates/preview.svg', null, body)).status).toBe(401);
    expect((await call('POST', '/api/certificates/preview.svg', manager, body)).status).toBe(200);
    const bad = await call('POST', '/api/certificates/preview.svg', teacher, {
      elements: [{ variable: 'no spaces allowed', styles: { font_size: 9999 } }],
    });
    expect(bad.status).toBe(422);
    // No layout at all is a mistake too, answered in the same shape.
    const none = await call('POST', '/api/certificates/preview.svg', teacher, { image: null });
    expect(none.status).toBe(422);
    expect(none.body.errors).toHaveProperty('elements');
    expect(bad.body).toMatchObject({ status_code: 422 });
    expect(Object.keys(bad.body.errors as object).sort()).toEqual([
      'elements.0.styles.font_size',
      'elements.0.variable',
    ]);
  });
});
