import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoPlatform, screenshotPath } from './support/demo-platform';

/** A loaded machine may take seconds to load a screen: polls wait longer than vitest's 1 s default. */
const POLL = { timeout: 20_000 };
const TALL = { viewport: { width: 1280, height: 1500 } };

const ORIGINAL =
  'Лев Толстой в романе «Война и мир» показывает, что историю делают не отдельные великие люди, а ' +
  'миллионы простых людей, каждый из которых живёт своей жизнью. Наполеон уверен, что управляет ' +
  'событиями, но автор смеётся над этой уверенностью. Кутузов, напротив, понимает ход вещей и не ' +
  'мешает ему, поэтому он и оказывается мудрее своего противника.';
const COPIED =
  'По-моему, ответ такой. Толстой в романе "Война и мир" показывает что историю делают НЕ отдельные ' +
  'великие люди, а миллионы простых людей, каждый из которых живет своей жизнью. Наполеон убеждён, что ' +
  'управляет событиями, но автор смеётся над этой уверенностью. Кутузов напротив понимает ход вещей и ' +
  'не мешает ему, поэтому он и оказывается мудрее своего противника. Я с этим согласен полностью.';

/**
 * The anti-plagiarism screens against the real demo platform: the manager groups class 7 «А», the
 * teacher checks an essay assignment from its page, opens the report and sees the copied fragment
 * marked in the answer and in its source.
 */
describe('anti-plagiarism', () => {
  const demo = new DemoPlatform();
  let assignmentId = '';

  /** JSON over the API as a demo user (the data a test needs, made the way the screens make it). */
  const passwords: Record<string, string> = {};
  async function as(username: string, method: string, pathname: string, body?: unknown) {
    const { access_token } = await demo.tokensOf(username, passwords[username]);
    const response = await fetch(`${demo.url}${pathname}`, {
      method,
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as { entity: Record<string, unknown> & { id: string } };
    expect(response.status, JSON.stringify(json)).toBeLessThan(300);
    return json.entity;
  }

  beforeAll(async () => {
    await demo.start();
    // The demo's second student must change the password first (the change_password challenge).
    const NEW_PASSWORD = 'Новый1234';
    await as('student2', 'POST', '/api/password/change.json', {
      new_password: NEW_PASSWORD,
      new_password_confirmation: NEW_PASSWORD,
    });
    passwords.student2 = NEW_PASSWORD;
    const quiz = await as('teacher', 'POST', '/api/quiz', {
      name: 'Сочинение: «Война и мир»',
      components: [
        {
          component_type: 'free',
          data: { question: 'О чём роман «Война и мир»?' },
          settings: { points: 10, is_antiplagiarism: true },
        },
      ],
    });
    const students = [
      await as('student', 'GET', '/api/student.json'),
      await as('student2', 'GET', '/api/student.json'),
    ];
    const assignment = await as('teacher', 'POST', '/api/assignments', {
      type: 'quiz',
      quizzes: [quiz.id],
      is_proctoring: false,
      students: students.map((s) => s.id),
    });
    assignmentId = assignment.id;
    const question = (assignment.components as { id: string }[])[0]!.id;
    for (const [username, text] of [
      ['student', ORIGINAL],
      ['student2', COPIED],
    ] as const) {
      const attempt = await as(username, 'POST', '/api/assignment-attempts', { assignment_id: assignmentId });
      await as(username, 'POST', '/api/assignment-results', {
        assignment_attempt_id: attempt.id,
        component_id: question,
        component_type: 'free',
        answer: { text },
      });
    }
  });
  afterAll(() => demo.stop());

  it('the manager makes a group of classes', async () => {
    const page = await demo.signedInPage('manager', '/m/antiplagiarism-groups/create');
    await page.getByRole('heading', { level: 1, name: 'Создать группу' }).waitFor(POLL);
    await page.getByTestId('group-name').fill('Параллель 7');
    await page.getByLabel('Описание').fill('Все седьмые классы');
    await page.getByRole('combobox', { name: 'Классы' }).click();
    await page.getByRole('option', { name: /7/ }).first().click();
    // The multi-select stays open for more picks: closed so that it covers nothing.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('group-submit').isEnabled()).toBe(true);
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/antiplagiarism-groups') && r.request().method() === 'POST',
    );
    await page.getByTestId('group-submit').click();
    expect((await created).status()).toBe(201);
    await page.waitForURL(`${demo.url}/m/antiplagiarism-groups`);
    const row = page.getByTestId('record-row').filter({ hasText: 'Параллель 7' });
    await row.waitFor(POLL);
    expect(await row.textContent()).toMatch(/Параллель 7.*7.*Все седьмые классы/);
    await page.screenshot({ path: screenshotPath('antiplagiarism-groups') });
  });

  it('the teacher checks the assignment from its page and sees the copied fragment marked', async () => {
    const page = await demo.signedInPage('teacher', `/t/assignments/${assignmentId}`, TALL);
    await page.getByTestId('antiplagiarism-start').click();
    await page.getByTestId('antiplagiarism-report-link').click(POLL);
    await page.waitForURL(/\/t\/antiplagiarism\/report\//);
    const rows = page.getByTestId('report-row');
    await rows.first().waitFor(POLL);
    expect(await rows.count()).toBe(2);
    // Lowest originality first: the two essays match each other, the copy more of itself.
    const first = await originalityOf(page, 0);
    expect(first).toBeLessThan(50);
    await page.getByTestId('originality-chart').waitFor();
    await rows.first().getByRole('button', { name: 'Сравнить' }).click();
    const answer = page.getByTestId('answer-text').getByTestId('matched-fragment');
    const source = page.getByTestId('source-text').getByTestId('matched-fragment');
    await answer.first().waitFor(POLL);
    expect(await answer.first().textContent()).toMatch(/^Толстой в романе.*противника$/s);
    expect(await source.first().textContent()).toMatch(/^Толстой в романе.*противника$/s);
    await page.screenshot({ path: screenshotPath('antiplagiarism-report'), fullPage: true });
  });
});

async function originalityOf(page: Page, index: number): Promise<number> {
  const text = await page.getByTestId('originality').nth(index).textContent();
  return Number((text ?? '').replace(/[^\d,.]/g, '').replace(',', '.'));
}
