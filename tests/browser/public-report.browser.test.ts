import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoPlatform, PHONE, screenshotPath, seedTokensScript } from './support/demo-platform';

/** The API's JSON as these calls read it: loosely, the server's own tests pin its shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- shapes are checked by the int tests
type Json = Record<string, any>;

/** A loaded machine may take seconds to load a screen: polls wait longer. */
const POLL = { timeout: 30_000 };

/**
 * The public report against the real platform: the demo teacher gives a proctored quiz with a
 * certificate, the demo student takes it through the API (the camera "misses the face" for a few
 * seconds, as the exam client would report), the teacher issues the certificate; then a signed-out
 * visitor opens the certificate's report, in Russian and English, and the teacher shares, and revokes,
 * a link to the attempt from its result page.
 */
describe('the public report /report/{token}', () => {
  const demo = new DemoPlatform();
  let teacher = '';
  let student = '';
  let assignmentId = '';
  let attemptId = '';
  let reportPath = '';

  const callAs = async (token: string, method: string, url: string, body?: object) => {
    const response = await fetch(`${demo.url}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await response.json()) as Json;
    expect(response.status, `${method} ${url}: ${JSON.stringify(json)}`).toBeLessThan(300);
    return json;
  };

  beforeAll(async () => {
    await demo.start();
    teacher = (await demo.tokensOf('teacher')).access_token!;
    student = (await demo.tokensOf('student')).access_token!;
    const me = await callAs(student, 'GET', '/api/user.json');
    const studentId = String(me.entity?.id ?? me.id);
    const quiz = await callAs(teacher, 'POST', '/api/quiz', {
      name: 'Дроби, 6 класс',
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
          settings: { points: 4 },
        },
      ],
    });
    const template = await callAs(teacher, 'POST', '/api/certificates', {
      name: 'Сертификат',
      serial_number: 'RPT-',
      elements: [{ variable: 'fullname' }, { variable: 'qr-code', type: 'qr-code' }],
    });
    const assignment = await callAs(teacher, 'POST', '/api/assignments', {
      type: 'quiz',
      quizzes: [quiz.entity.id],
      students: [studentId],
      is_proctoring: true,
      is_certificate: true,
      certificate_id: template.entity.id,
      settings: { certificate: { issue_type: 'manual', show_report: true } },
    });
    assignmentId = assignment.entity.id;
    const attempt = await callAs(student, 'POST', '/api/assignment-attempts', {
      assignment_id: assignmentId,
    });
    attemptId = attempt.entity.id;
    await callAs(student, 'POST', '/api/assignment-results', {
      assignment_attempt_id: attemptId,
      component_id: assignment.entity.components[0].id,
      component_type: 'choice',
      answer: { selected: ['b'] },
    });
    const start = Date.now() - 120_000;
    const signal = (type: string, at: number, i: number) => ({
      id: `${type}-${i}`,
      assignment_id: assignmentId,
      assignment_attempt_id: attemptId,
      action_type: type,
      created_at: new Date(at).toISOString(),
    });
    await callAs(student, 'POST', '/api/assignment/actions/batch', {
      actions: [
        ...Array.from({ length: 8 }, (_, i) => signal('face_missing', start + i * 1000, i)),
        ...Array.from({ length: 4 }, (_, i) => signal('many_faces', start + 40_000 + i * 1000, i)),
        ...Array.from({ length: 3 }, (_, i) => signal('focus_lost', start + 70_000 + i * 1000, i)),
      ],
    });
    await callAs(student, 'POST', `/api/assignment-attempts/${attemptId}/finish.json`);
    await callAs(
      teacher,
      'POST',
      `/api/assignments/${assignmentId}/students/${studentId}/certificate/issue.json`,
    );
    const issued = await callAs(teacher, 'GET', `/api/assignments/${assignmentId}/certificates.json`);
    reportPath = issued.entities[0].report_path;
    expect(reportPath).toMatch(/^\/report\/[A-Za-z0-9_-]{22}$/);
  });
  afterAll(async () => {
    await demo.stop();
  });

  const reportShown = async (page: Page) => {
    await page.getByTestId('public-report').waitFor(POLL);
    // The timeline is built by the proctoring projection: the summary may follow a moment later.
    await expect
      .poll(async () => {
        await page.reload();
        await page.getByTestId('public-report').waitFor(POLL);
        return page.getByTestId('report-types').count();
      }, POLL)
      .toBe(1);
  };

  it('opens signed out: the certificate is valid, the outcome and the proctoring summary with its chart', async () => {
    const page = await demo.open(reportPath);
    await reportShown(page);
    await page.getByRole('heading', { level: 1, name: 'Отчёт о прохождении' }).waitFor();
    expect(await page.getByTestId('report-validity').textContent()).toBe('Действителен');
    expect(await page.getByTestId('report-student').textContent()).toMatch(/\S/);
    expect(await page.getByTestId('report-score').textContent()).toBe('4 из 4 (100 %)');
    expect(await page.getByTestId('report-result').textContent()).toBe('Пройдено');
    const types = page.getByTestId('report-types');
    await types.getByText('Лицо не в кадре').waitFor();
    await types.getByText('Несколько лиц').waitFor();
    expect(Number(await page.getByTestId('report-credibility').textContent())).toBeLessThan(100);
    expect(
      await page.getByTestId('report-chart').locator('.recharts-bar-rectangle').count(),
    ).toBeGreaterThanOrEqual(2);
    // Nothing of the attempt's insides: no answers, no photos, no player.
    expect(await page.getByText('3/4').count()).toBe(0);
    expect(await page.getByTestId('public-report').locator('img, video').count()).toBe(0);
    await page.screenshot({ path: screenshotPath('public-report'), fullPage: true });
    // Printed, the sheet stands alone: no header with the language, no buttons.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('header').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Печать' }).isVisible()).toBe(false);
    expect(await page.getByTestId('report-types').isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    await page.getByTestId('language-switcher').getByText('EN', { exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Assessment report' }).waitFor();
    expect(await page.getByTestId('report-validity').textContent()).toBe('Valid');
    expect(await page.getByTestId('report-score').textContent()).toBe('4 of 4 (100 %)');
    await page.getByTestId('report-types').getByText('Face not in frame').waitFor();
    await page.screenshot({ path: screenshotPath('public-report-en'), fullPage: true });
    await page.getByTestId('language-switcher').getByText('KZ', { exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Тапсыру есебі' }).waitFor();
    expect(await page.getByTestId('report-validity').textContent()).toBe('Жарамды');
  });

  it('fits a phone', async () => {
    const page = await demo.open(reportPath, PHONE);
    await reportShown(page);
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    // The table stays inside the sheet, and the badge is whole.
    const sheet = (await page
      .getByTestId('public-report')
      .locator('.mantine-Paper-root')
      .first()
      .boundingBox())!;
    const table = (await page.getByTestId('report-types').boundingBox())!;
    expect(table.x + table.width).toBeLessThanOrEqual(sheet.x + sheet.width);
    expect(await page.getByTestId('report-validity').textContent()).toBe('Действителен');
    const badge = page.getByTestId('report-validity').locator('.mantine-Badge-label');
    expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await page.screenshot({ path: screenshotPath('public-report-phone'), fullPage: true });
  });

  it('the teacher shares the attempt from its result page; revoked, the link is a 404', async () => {
    const page = await demo.signedInPage('teacher', `/t/assignments/result/${assignmentId}/${attemptId}`);
    await page.getByTestId('share-report').click(POLL);
    await page.getByTestId('share-report-make').click();
    const url = await page.getByTestId('share-report-url').inputValue();
    expect(url).toMatch(new RegExp(`^${demo.url}/report/[A-Za-z0-9_-]{22}$`));
    await page.screenshot({ path: screenshotPath('share-report') });

    const visitor = await demo.open(new URL(url).pathname);
    await visitor.getByTestId('public-report').waitFor(POLL);
    await visitor.getByText('Результат попытки').waitFor();
    expect(await visitor.getByTestId('report-validity').textContent()).toBe('Пройдено');
    // The student's certificate stands beside the outcome.
    expect(await visitor.getByTestId('report-certificate').textContent()).toMatch(/^RPT-\d+ · Действителен$/);
    await visitor.getByTestId('report-proctoring').waitFor();

    await page.getByTestId('share-report-revoke').click();
    await page.getByTestId('share-report-make').waitFor(POLL);
    await visitor.reload();
    await visitor.getByTestId('error-page').waitFor(POLL);
    expect(await visitor.getByTestId('error-page').getAttribute('data-status')).toBe('404');
    expect(await visitor.getByTestId('public-report').count()).toBe(0);
    // Inside the public layout: the brand and the language stay.
    await visitor.getByTestId('language-switcher').waitFor();
    await visitor.screenshot({ path: screenshotPath('public-report-404') });
  });

  it('is not offered to a manager on the same result page (only the assignment’s teacher shares)', async () => {
    const page = await demo.newPage();
    await page.addInitScript(seedTokensScript(await demo.tokensOf('manager')));
    const refused = page.waitForResponse((r) => r.url().endsWith('/report-link.json'), POLL);
    await page.goto(`${demo.url}/t/assignments/result/${assignmentId}/${attemptId}`);
    expect((await refused).status()).toBe(403);
    await page.getByTestId('attempt-summary').waitFor(POLL);
    expect(await page.getByTestId('share-report').count()).toBe(0);
    // Refused quietly: no error toast.
    expect(await page.locator('.mantine-Notification-root').count()).toBe(0);
  });

  it('the student reaches the report from their certificate', async () => {
    const mine = await demo.signedInPage('student', '/s/certificates');
    const row = mine.getByTestId('record-row').filter({ hasText: 'RPT-000001' });
    await row.waitFor(POLL);
    await row.getByRole('button', { name: /^Открыть/ }).click();
    const link = mine.getByRole('dialog').getByTestId('certificate-report');
    await link.waitFor(POLL);
    expect(await link.getAttribute('href')).toBe(reportPath);
    expect(await link.textContent()).toBe('Открыть публичный отчёт');
  });

  it('says revoked once the teacher revokes the certificate', async () => {
    const issued = await callAs(teacher, 'GET', `/api/assignments/${assignmentId}/certificates.json`);
    await callAs(
      teacher,
      'POST',
      `/api/assignments/${assignmentId}/students/${issued.entities[0].user_id}/certificate/revoke.json`,
    );
    const page = await demo.open(reportPath);
    await page.getByTestId('report-revoked').waitFor(POLL);
    expect(await page.getByTestId('report-validity').textContent()).toBe('Отозван');
    expect(await page.getByTestId('report-score').count()).toBe(0);
    expect(await page.getByTestId('report-proctoring').count()).toBe(0);
    await page.screenshot({ path: screenshotPath('public-report-revoked'), fullPage: true });
    expect(demo.errors).toEqual([]);
  });
});
