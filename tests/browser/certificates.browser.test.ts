import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../support/pdf-text';
import { DemoPlatform, screenshotPath } from './support/demo-platform';

/** The API's JSON as these calls read it: loosely, the server's own tests pin its shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- shapes are checked by the int tests
type Json = Record<string, any>;

/** A loaded machine may take seconds to load a screen or to issue: polls wait longer. */
const POLL = { timeout: 30_000 };
const QUIZ = 'Дроби: итоговый тест';
const TEMPLATE = 'Сертификат отличника';
const DIRECTOR = 'Директор: Әбенов Қ.';

async function pick(page: Page, label: string | RegExp, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/** The modules of a QR code as the qrcode package draws them: one path. */
const qrModules = (svg: string) => /<path[^>]*stroke="#000000"[^>]*d="([^"]+)"/.exec(svg)?.[1];

/**
 * Issue 18, certificates end to end through the interface: the teacher makes a template in the editor
 * (live preview, a custom text, an element dragged on the sheet), chooses it on a new assignment with
 * "to everyone who finished"; the demo student finishes; the certificate is issued, listed on
 * /s/certificates and downloaded as a PDF holding the student's name; its QR code's address opens the
 * public check, which says valid, and revoked once the teacher revokes it on the assignment's page.
 */
describe('certificates: template, assignment, issue, PDF, QR check', () => {
  const demo = new DemoPlatform();
  let teacher = '';
  let student = '';
  let templateId = '';
  let assignmentId = '';
  let qrUrl = '';
  let holder = '';
  let number = '';

  const callAs = async (token: string, method: string, url: string, body?: object) => {
    const response = await fetch(`${demo.url}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    expect(response.status, `${method} ${url}: ${text}`).toBeLessThan(300);
    return response.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as Json) : { text };
  };

  beforeAll(async () => {
    await demo.start();
    teacher = (await demo.tokensOf('teacher')).access_token!;
    student = (await demo.tokensOf('student')).access_token!;
    await callAs(teacher, 'POST', '/api/quiz', {
      name: QUIZ,
      components: [
        {
          component_type: 'choice',
          data: {
            question: '1/2 + 1/4 = ?',
            options: [
              { id: 'a', text: '2/6' },
              { id: 'b', text: '3/4' },
            ],
            correct: ['b'],
          },
          settings: { points: 2 },
        },
      ],
    });
  });
  afterAll(async () => {
    await demo.stop();
  });

  it('the teacher makes a template in the editor, with a live preview and an element dragged on the sheet', async () => {
    const page = await demo.signedInPage('teacher', '/t');
    await page.getByTestId('side-menu').locator('a[data-menu-item="certificateTemplates"]').click(POLL);
    await page.getByRole('heading', { level: 1, name: 'Шаблоны сертификатов' }).waitFor(POLL);
    await page.getByRole('toolbar').getByRole('link', { name: 'Создать шаблон' }).click();
    await page.waitForURL(`${demo.url}/t/certificates/create`);
    await page.getByRole('heading', { level: 1, name: 'Новый шаблон сертификата' }).waitFor();
    // What the server drew last: read from its answers (the image is an object URL, replaced as it goes).
    let lastDrawn = '';
    page.on('response', (r) => {
      if (r.url().endsWith('/api/certificates/preview.svg') && r.ok())
        void r.text().then(
          (svg) => (lastDrawn = svg),
          () => undefined,
        );
    });
    const drawn = async () => lastDrawn;

    await page.getByTestId('template-name').fill(TEMPLATE);
    await page.getByTestId('template-prefix').fill('ОТЛ-');
    // A custom text: added from the menu, its label typed in.
    await page.getByTestId('element-add').click();
    await page.getByTestId('element-add-custom').click();
    const custom = page.getByTestId('element-fields').filter({ has: page.getByTestId('element-label') });
    await custom.getByTestId('element-label').fill(DIRECTOR);

    // The preview is the server's drawing of the layout with sample values: the custom text is on it.
    const preview = page.getByTestId('template-preview');
    await expect.poll(drawn, POLL).toContain(DIRECTOR);
    expect(await drawn()).toContain('Иванов Иван Иванович');
    expect(await drawn()).toContain('ОТЛ-000001');
    await page.getByTestId('template-preview-image').waitFor();

    // The full name's frame dragged up by a tenth of the sheet.
    const frame = preview.locator('[data-testid="sheet-element"][data-variable="fullname"]');
    const sheet = (await preview.boundingBox())!;
    const box = (await frame.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - sheet.height * 0.05, { steps: 4 });
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - sheet.height * 0.1, { steps: 4 });
    await page.mouse.up();
    // The number fields follow the drag: 38 % down became about 28 %.
    const y = Number(
      await page
        .locator('[data-testid="element-fields"][data-variable="fullname"]')
        .getByTestId('element-y')
        .inputValue(),
    );
    expect(y).toBeGreaterThan(25);
    expect(y).toBeLessThan(31);
    await expect.poll(async () => (await preview.getAttribute('data-state')) === 'ready', POLL).toBe(true);
    await page.screenshot({ path: screenshotPath('certificate-template-editor') });

    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/certificates') && r.request().method() === 'POST',
    );
    await page.getByTestId('template-save').click();
    expect((await saved).status()).toBe(201);
    await page.waitForURL(/\/t\/certificates\/edit\/[A-Za-z0-9_-]+$/);
    templateId = decodeURIComponent(page.url().split('/').at(-1)!);
    const stored = (await callAs(teacher, 'GET', `/api/certificates/${templateId}`)).entity as Json;
    expect(stored).toMatchObject({ name: TEMPLATE, serial_number: 'ОТЛ-', serial_counter: 0 });
    const elements = stored.elements as Json[];
    expect(elements.find((e) => e.variable === 'fullname')!.options.y).toBe(y);
    expect(elements.find((e) => e.label === DIRECTOR)).toMatchObject({ is_native: false, type: 'text' });
    expect(elements.map((e) => e.variable)).toEqual(
      expect.arrayContaining(['fullname', 'subject', 'date', 'certificate_number', 'qr-code']),
    );

    // Listed, and reopened in the editor as saved.
    await page.getByRole('link', { name: 'К шаблонам' }).click();
    await page.getByRole('link', { name: TEMPLATE }).first().waitFor(POLL);
    await page.screenshot({ path: screenshotPath('certificate-templates') });
  });

  it('the teacher chooses the template and “to everyone who finished” on a new assignment', async () => {
    expect(templateId).not.toBe('');
    const page = await demo.signedInPage('teacher', '/t/assignments/create');
    await page.getByRole('heading', { level: 1, name: 'Создать задание' }).waitFor(POLL);
    await pick(page, 'Тесты', QUIZ);
    await page.keyboard.press('Escape');
    await pick(page, 'Класс', /^7 «А»/);
    // Not proctored: the student's browser here has no camera.
    await page.getByRole('switch', { name: /^Прокторинг/ }).uncheck();
    const block = page.getByTestId('certificate-settings');
    await block.getByRole('switch', { name: 'Выдавать сертификат' }).check();
    await pick(page, 'Шаблон сертификата', TEMPLATE);
    await pick(page, 'Как выдавать', 'Автоматически всем, кто завершил');
    await block.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('assignment-create-certificate') });
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/assignments') && r.request().method() === 'POST',
    );
    await page.getByTestId('assignment-save').click();
    const response = await created;
    expect(response.status()).toBe(201);
    const sent = JSON.parse(response.request().postData() ?? '{}') as Json;
    expect(sent).toMatchObject({ is_certificate: true, certificate_id: templateId, is_proctoring: false });
    expect(sent.settings.certificate).toMatchObject({ issue_type: 'auto-all' });
    assignmentId = ((await response.json()) as Json).entity.id;
  });

  it('the student finishes; the certificate is issued, listed on /s/certificates and downloads as a PDF with their name', async () => {
    expect(assignmentId).not.toBe('');
    const assignment = (await callAs(teacher, 'GET', `/api/assignments/${assignmentId}`)).entity as Json;
    const attempt = (
      await callAs(student, 'POST', '/api/assignment-attempts', { assignment_id: assignmentId })
    ).entity as Json;
    await callAs(student, 'POST', '/api/assignment-results', {
      assignment_attempt_id: attempt.id,
      component_id: assignment.components[0].id,
      component_type: 'choice',
      answer: { selected: ['b'] },
    });
    await callAs(student, 'POST', `/api/assignment-attempts/${attempt.id}/finish.json`);

    // Issued by the process manager once the finish is seen.
    const mine = async () =>
      ((await callAs(student, 'GET', '/api/user/certificates')).entities as Json[]).filter(
        (c) => c.certificate_id === templateId,
      );
    await expect.poll(async () => (await mine()).length, POLL).toBe(1);
    const [issued] = await mine();
    number = issued!.certificate_number;
    holder = issued!.placeholders.fullname;
    expect(number).toBe('ОТЛ-000001');
    expect(holder).toMatch(/\S/);

    const page = await demo.signedInPage('student', '/s/certificates');
    const row = page.getByTestId('record-row').filter({ hasText: number });
    await row.waitFor(POLL);
    await page.screenshot({ path: screenshotPath('student-certificates') });
    const download = page.waitForEvent('download');
    await row.getByTestId('certificate-row-pdf').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^certificate-.+\.pdf$/);
    const pdf = await readFile((await file.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(holder);
    expect(text).toContain(QUIZ);
    expect(text).toContain(number);
    expect(text).toContain(DIRECTOR);

    // Opened, the certificate shows its drawing and offers the PDF too.
    await row.getByRole('button', { name: /^Открыть/ }).click();
    await page.getByRole('dialog').getByTestId('certificate-image').waitFor(POLL);
    await page.getByRole('dialog').getByTestId('certificate-pdf').waitFor();
    // Shot once the modal has faded in.
    await expect
      .poll(
        () =>
          page
            .locator('.mantine-Modal-content')
            .evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).opacity),
        POLL,
      )
      .toBe('1');
    await page.screenshot({ path: screenshotPath('student-certificate-open') });

    // What the QR code holds: the address it also links to, drawn again to the very same modules.
    const svg = (await callAs(student, 'GET', `/api/user/certificates/${issued!.id}/render.svg`))
      .text as string;
    qrUrl = /data-qr-text="([^"]+)"/.exec(svg)![1]!;
    expect(qrUrl).toBe(`${demo.url}${issued!.report_path}`);
    const redrawn = await QRCode.toString(qrUrl, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' });
    expect(qrModules(svg)).toBe(qrModules(redrawn));
    expect(pdf.toString('latin1')).toContain(`/URI (${qrUrl})`);
  });

  it('the QR code’s address says valid; after the teacher revokes it on the assignment’s page, revoked', async () => {
    expect(qrUrl).not.toBe('');
    const check = await demo.open(new URL(qrUrl).pathname);
    await check.getByTestId('public-report').waitFor(POLL);
    expect(await check.getByTestId('report-validity').textContent()).toBe('Действителен');
    expect(await check.getByTestId('report-student').textContent()).toBe(
      (await callAs(student, 'GET', `/api/report/${qrUrl.split('/').at(-1)}`)).entity.student.name,
    );
    expect(await check.getByTestId('report-certificate').textContent()).toBe(number);
    await check.getByText(QUIZ).waitFor();
    await check.screenshot({ path: screenshotPath('certificate-check-valid'), fullPage: true });

    const page = await demo.signedInPage('teacher', `/t/assignments/${assignmentId}`);
    const cell = page.getByTestId('certificate-cell').filter({ hasText: number });
    await cell.waitFor(POLL);
    expect(await cell.getByTestId('certificate-state').textContent()).toBe('Выдан');
    // The teacher's copy of the PDF.
    const download = page.waitForEvent('download');
    await cell.getByTestId('certificate-cell-pdf').click();
    expect(pdfText(await readFile((await (await download).path())!))).toContain(holder);
    await cell.getByRole('button', { name: /^Отозвать сертификат/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Подтвердить' }).click();
    await expect.poll(() => cell.getByTestId('certificate-state').textContent(), POLL).toBe('Отозван');
    await page.screenshot({ path: screenshotPath('assignment-certificate-revoked') });

    await check.reload();
    await check.getByTestId('report-revoked').waitFor(POLL);
    expect(await check.getByTestId('report-validity').textContent()).toBe('Отозван');
    await check.screenshot({ path: screenshotPath('certificate-check-revoked'), fullPage: true });
    expect(demo.errors).toEqual([]);
  });

  it('a course of that assignment, issued by hand: the teacher issues on the course’s page, the student lists it', async () => {
    expect(assignmentId).not.toBe('');
    const COURSE = 'Дроби: курс';
    const course = (
      await callAs(teacher, 'POST', '/api/courses', {
        name: COURSE,
        status: 'published',
        certificate_id: templateId,
        settings: { certificate: { issue_type: 'manual' } },
      })
    ).entity as Json;
    await callAs(teacher, 'POST', '/api/course-materials', {
      course_id: course.id,
      type: 'quiz',
      quiz_id: (await callAs(teacher, 'GET', `/api/assignments/${assignmentId}`)).entity.quizzes[0],
      assignment_id: assignmentId,
      status: 'published',
    });
    const page = await demo.signedInPage('teacher', `/t/courses/${course.id}`);
    await page.getByRole('toolbar').getByRole('link', { name: 'Сертификаты', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Сертификаты курса' }).waitFor(POLL);
    const row = page.getByTestId('record-row').filter({ hasText: holder });
    await row.waitFor(POLL);
    expect(await row.getByTestId('course-finished').textContent()).toBe('Пройден');
    expect(await row.getByTestId('certificate-state').textContent()).toBe('Не выдан');
    await row.getByRole('button', { name: `Выдать сертификат: ${holder}` }).click();
    await expect.poll(() => row.getByTestId('certificate-state').textContent(), POLL).toBe('Выдан');
    await page.screenshot({ path: screenshotPath('course-certificates') });

    const mine = await demo.signedInPage('student', '/s/certificates');
    await mine.getByTestId('record-row').filter({ hasText: COURSE }).waitFor(POLL);
    expect(demo.errors).toEqual([]);
  });
});
