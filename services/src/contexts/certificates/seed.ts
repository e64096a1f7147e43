import { certificateTemplateSchema } from '@sabaq/events';
import type { ContextServices } from '../../platform/context';
import { uuidV5 } from '../../platform/ids';
import { DEMO_SCHOOL_ID, demoUserId } from '../identity/seed';
import { templateStream } from './ids';

export const DEMO_TEMPLATE_ID = uuidV5('demo-certificate:Сертификат');

/**
 * A template of the demo teacher's, so an assignment can issue certificates at once (choose it as the
 * assignment's certificate). Appended under a fixed event id and only when its stream is absent, so a
 * second start changes nothing and never undoes the teacher's edits.
 */
export async function seedCertificatesDemo(services: ContextServices): Promise<void> {
  if (!services.demo) return;
  const stream = templateStream(DEMO_TEMPLATE_ID);
  if ((await services.store.streamVersion(stream)) >= 0) return;
  const template = certificateTemplateSchema.parse({
    name: 'Сертификат об успешном выполнении',
    description: 'Выдаётся ученикам, выполнившим задание',
    serial_number: 'DEMO-',
    elements: [
      { variable: 'company-name', styles: { font_size: 24 }, options: { y: 8, height: 8 }, is_native: true },
      {
        variable: 'fullname',
        styles: { font_size: 44, font_weight: 700 },
        options: { y: 30, height: 12 },
        is_native: true,
      },
      { variable: 'subject', styles: { font_size: 26 }, options: { y: 46, height: 8 }, is_native: true },
      {
        variable: 'points',
        label: 'Балл',
        styles: { font_size: 22 },
        options: { y: 56, height: 6 },
        is_native: true,
      },
      {
        variable: 'date',
        styles: { font_size: 18, align: 'left' },
        options: { x: 8, y: 84, width: 30, height: 6 },
        is_native: true,
      },
      {
        variable: 'certificate_number',
        styles: { font_size: 18, align: 'left' },
        options: { x: 8, y: 90, width: 40, height: 6 },
        is_native: true,
      },
      {
        variable: 'qr-code',
        type: 'qr-code',
        options: { x: 80, y: 72, width: 14, height: 20 },
        is_native: true,
      },
      {
        variable: 'director',
        label: 'Директор: ____________',
        styles: { font_size: 18, align: 'right' },
        options: { x: 50, y: 86, width: 28, height: 6 },
      },
    ],
  });
  await services.store.append(
    stream,
    [
      {
        id: uuidV5(`demo-certificate:${DEMO_TEMPLATE_ID}:created`),
        type: 'CertificateCreated',
        data: { ...template, id: DEMO_TEMPLATE_ID },
        metadata: {
          userId: demoUserId('teacher'),
          schoolId: DEMO_SCHOOL_ID,
          occurredAt: services.clock().toISOString(),
        },
      },
    ],
    { expectedVersion: 'no_stream' },
  );
}
