import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, entityOf } from '../blackbox/authoring/http';
import { DemoPlatform, PHONE, screenshotPath, seedTokensScript } from './support/demo-platform';

/** A loaded machine may take seconds to load a screen or a projection: polls wait longer than 1 s. */
const POLL = { timeout: 30_000 };
const EXAM = 'Контрольная по алгебре под наблюдением';
/** What the demo student's client reports during the exam: six violations, a warning, a milestone. */
const SENT = [
  'session_started',
  'focus_lost',
  'focus_lost',
  'face_missing',
  'focus_lost',
  'second_monitor',
  'face_missing',
  'noise',
];
const BY_TYPE_SQL = `SELECT action_type, count() AS actions
FROM proctoring_actions
GROUP BY action_type
ORDER BY actions DESC, action_type`;

/** The console's answer to the next query the page runs, as the server sent it. */
async function nextQueryAnswer(page: Page, run: () => Promise<void>) {
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/api/analytics/query') && r.request().method() === 'POST',
  );
  await run();
  const response = await answer;
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
}

async function typeQuery(page: Page, sql: string): Promise<void> {
  const editor = page.getByRole('textbox', { name: 'Запрос' });
  await editor.fill(sql);
  await editor.press('Control+Enter');
}

/**
 * The analyst's area against the real embedded platform: the demo student's exam leaves proctoring
 * actions (sent through the API as the exam client sends them), the analyst reads them on the dashboards,
 * asks the SQL console about them, sees a refusal in the server's words, and keeps a query.
 */
describe("the analyst's dashboards and SQL console", () => {
  const demo = new DemoPlatform();
  let assignmentId = '';
  // Sign-ins are limited to 10 a minute per user, and the analyst's pages use them all: the sales test
  // reuses these.
  let analystTokens: Record<string, string> = {};
  let student = '';

  beforeAll(async () => {
    await demo.start();
    const http = client(demo.url);
    const teacher = await http.token('teacher');
    student = await http.token('student');
    analystTokens = await demo.tokensOf('analyst');
    const analyst = analystTokens.access_token!;
    const me = (await http.call('GET', '/api/user.json', student)).body;
    const studentId = (me.entity?.id ?? me.id) as string;
    assignmentId = entityOf(
      await http.call('POST', '/api/assignments', teacher, {
        type: 'external',
        name: EXAM,
        students: [studentId],
      }),
      201,
    ).id;
    const attempt = entityOf(
      await http.call('POST', '/api/assignment-attempts', student, { assignment_id: assignmentId }),
      201,
    );
    const sent = await http.call('POST', '/api/assignment/actions/batch', student, {
      actions: SENT.map((action_type, i) => ({
        id: `exam-${i}`,
        assignment_id: assignmentId,
        assignment_attempt_id: attempt.id,
        action_type,
      })),
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    entityOf(await http.call('POST', `/api/assignment-attempts/${attempt.id}/finish.json`, student, {}));
    // ClickHouse is filled by the analytics projection in batches: wait until it holds every action.
    const counted = async () => {
      const answer = await http.call('POST', '/api/analytics/query', analyst, {
        sql: 'SELECT count() AS n FROM proctoring_actions',
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return Number((answer.body.entity as { rows: unknown[][] }).rows[0]![0]);
    };
    const deadline = Date.now() + POLL.timeout;
    while ((await counted()) < SENT.length) {
      if (Date.now() > deadline) throw new Error('the analytics tables never held the exam');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await counted()).toBe(SENT.length);
  }, 600_000);
  afterAll(() => demo.stop());

  it('shows the dashboards with the numbers of the exam, and filters them by assignment', async () => {
    const page = await demo.signedInPage('analyst', '/an');
    await page.getByRole('heading', { level: 1, name: 'Дашборды' }).waitFor();
    const total = page.getByTestId('total-violations').getByTestId('total-value');
    await expect.poll(() => total.textContent(), POLL).toBe('6');

    // Each chart describes its numbers; the types are in Russian.
    const byType = page.getByTestId('chart-by-type').getByTestId('chart');
    const described = (await byType.getAttribute('aria-label')) ?? '';
    expect(described).toContain('Переключение окна: 3');
    expect(described).toContain('Лицо не в кадре: 2');
    expect(described).toContain('Шум: 1');
    expect(described).not.toContain('Второй монитор');
    // Drawn too (a long name may wrap onto two lines of the axis).
    const ticks = page.getByTestId('chart-by-type').locator('.recharts-cartesian-axis-tick-value');
    for (const name of ['Переключение', 'Лицо не в кадре', 'Шум'])
      await expect.poll(async () => (await ticks.allTextContents()).join(' '), POLL).toContain(name);
    const today = new Date();
    const day = `${String(today.getUTCDate()).padStart(2, '0')}.${String(today.getUTCMonth() + 1).padStart(2, '0')}`;
    expect(
      await page.getByTestId('chart-over-time').getByTestId('chart').getAttribute('aria-label'),
    ).toContain(`${day}: 6`);
    const row = page.getByTestId('per-assignment-row').filter({ hasText: EXAM });
    await row.waitFor();
    expect((await row.getByRole('cell').allTextContents()).slice(1)).toEqual(['6', '1']);
    for (const chart of ['chart-credibility', 'chart-finish-time'])
      expect(await page.getByTestId(chart).getByTestId('chart').getAttribute('aria-label'), chart).toMatch(
        /: 1$/,
      );
    await page.screenshot({ path: screenshotPath('analytics-dashboard'), fullPage: true });

    // Choosing the assignment keeps it in the address (a view can be shared).
    await row.getByRole('link', { name: EXAM }).click();
    await page.waitForURL((url) => url.searchParams.get('assignment') === assignmentId);
    await expect.poll(() => total.textContent(), POLL).toBe('6');
    await expect.poll(() => page.getByRole('combobox', { name: 'Задание' }).inputValue(), POLL).toBe(EXAM);

    // A period before the exam: nothing, said so.
    await page.getByLabel('С', { exact: true }).fill('01.01.20');
    await page.getByLabel('По', { exact: true }).fill('31.01.20');
    await page.getByText('За этот период данных нет').waitFor();
  });

  it('shows the sales: none on the demo, then a purchase as revenue, totals and the funnel', async () => {
    // The demo seeds no shop orders: the section says there were no sales.
    const page = await demo.newPage();
    await page.addInitScript(seedTokensScript(analystTokens));
    await page.goto(`${demo.url}/an`);
    const sales = page.getByTestId('sales-section');
    await sales.getByRole('heading', { level: 2, name: 'Продажи' }).waitFor(POLL);
    await sales.getByTestId('sales-empty').waitFor(POLL);

    // A student buys a 5 000 ₸ course through the embedded test provider's page.
    const http = client(demo.url);
    const manager = await http.token('manager');
    const analyst = analystTokens.access_token!;
    const product = entityOf(
      await http.call('POST', '/api/products', manager, {
        name: 'Курс JS',
        price: 500_000,
        currency: 'KZT',
        course_id: 'course-js',
      }),
      201,
    );
    const provider = entityOf(
      await http.call('POST', '/api/payment-providers', manager, { name: 'Тест', type: 'test' }),
      201,
    );
    entityOf(await http.call('POST', '/api/basket/add.json', student, { product_id: product.id }), 200);
    const made = await http.call('POST', `/api/payment/make/${provider.id}`, student, { is_mobile: false });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const src = /src="([^"]+)"/.exec(String(made.body.view))![1]!.replace(/&#38;/g, '&');
    const view = new URL(src, demo.url);
    const pressed = await fetch(`${demo.url}${view.pathname}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        order_id: view.searchParams.get('order')!,
        amount: view.searchParams.get('amount')!,
        token: view.searchParams.get('token')!,
      }).toString(),
    });
    expect(pressed.status).toBe(200);
    // ClickHouse gets the order's events through the projection: wait until the figures count the sale.
    await expect
      .poll(async () => {
        const answer = await http.call('GET', '/api/shop/analytics.json', analyst);
        return (answer.body.entity as { conversion?: { paid: number } } | undefined)?.conversion?.paid;
      }, POLL)
      .toBe(1);

    await page.reload();
    const nbsp = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
    const total = (key: string) => sales.getByTestId(`sales-total-${key}`).getByTestId('sales-total-value');
    await expect.poll(async () => nbsp(await total('paid').textContent()), POLL).toBe('5 000 ₸');
    expect(nbsp(await total('refunded').textContent())).toBe('0 ₸');
    expect(nbsp(await total('revenue').textContent())).toBe('5 000 ₸');
    const today = new Date();
    const day = `${String(today.getUTCDate()).padStart(2, '0')}.${String(today.getUTCMonth() + 1).padStart(2, '0')}`;
    const chart = sales.getByTestId('sales-by-day').getByTestId('chart');
    expect(nbsp(await chart.getAttribute('aria-label'))).toBe(`Выручка по дням, KZT. ${day}: 5 000 ₸`);
    for (const step of ['baskets', 'payments_started', 'paid'])
      expect(
        await sales.getByTestId(`sales-step-${step}`).getByTestId('sales-step-count').textContent(),
        step,
      ).toBe('1');
    expect(nbsp(await sales.getByTestId('sales-rate').textContent())).toBe('Оплачено из корзин: 100 %');
    await sales.screenshot({ path: screenshotPath('analytics-sales') });

    // A period before the sale: the empty state again.
    await page.getByLabel('С', { exact: true }).fill('01.01.20');
    await page.getByLabel('По', { exact: true }).fill('31.01.20');
    await sales.getByTestId('sales-empty').waitFor(POLL);
  });

  it('runs a query with Ctrl+Enter and shows the table and a chart of it', async () => {
    const page = await demo.signedInPage('analyst', '/an/console');
    await page.getByRole('heading', { level: 1, name: 'SQL-консоль' }).waitFor();
    const answer = await nextQueryAnswer(page, () => typeQuery(page, BY_TYPE_SQL));
    expect(answer.status).toBe(200);
    await page.getByTestId('result-summary').filter({ hasText: '5 строк' }).waitFor();
    const rows = page.getByTestId('result-row');
    expect(await rows.count()).toBe(5);
    expect(await rows.first().getByRole('cell').allTextContents()).toEqual(['1', 'focus_lost', '3']);
    expect(await rows.nth(1).getByRole('cell').allTextContents()).toEqual(['2', 'face_missing', '2']);

    // The chart starts as bars of the first number against the first label; it can be a pie.
    const chart = page.getByTestId('result-chart');
    expect(await chart.getAttribute('data-chart-type')).toBe('bar');
    expect(await chart.getAttribute('data-points')).toBe('5');
    expect(await chart.locator('.recharts-bar-rectangle').count()).toBe(5);
    await page.getByTestId('result-chart-panel').getByText('Круговая').click();
    await expect.poll(() => chart.getAttribute('data-chart-type')).toBe('pie');
    expect(await chart.locator('.recharts-pie-sector').count()).toBe(5);
    await page.getByTestId('result-chart-panel').getByText('Столбцы').click();
    await page.screenshot({ path: screenshotPath('analytics-console'), fullPage: true });
  });

  it('pages a long answer instead of drawing every row', async () => {
    const page = await demo.signedInPage('analyst', '/an/console');
    const answer = await nextQueryAnswer(page, () =>
      typeQuery(page, 'SELECT number, number % 7 AS rest FROM (SELECT arrayJoin(range(10000)) AS number)'),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const entity = answer.body.entity as { row_count: number; truncated: boolean };
    await page.getByTestId('result-table').waitFor();
    expect(await page.getByTestId('result-row').count()).toBe(50);
    expect(await page.getByTestId('result-truncated').count()).toBe(entity.truncated ? 1 : 0);
    await page.getByTestId('result-pages').getByRole('button', { name: 'Следующая страница' }).click();
    expect(await page.getByTestId('result-row').first().getByRole('cell').first().textContent()).toBe('51');
    expect(entity.row_count).toBeGreaterThan(50);
  });

  it("shows the server's refusal of a forbidden query under the editor", async () => {
    const page = await demo.signedInPage('analyst', '/an/console');
    await page.getByRole('heading', { level: 1, name: 'SQL-консоль' }).waitFor();
    for (const sql of ['DROP TABLE proctoring_actions', 'SELECT name FROM system.tables']) {
      const answer = await nextQueryAnswer(page, () => typeQuery(page, sql));
      expect(answer.status, sql).toBe(422);
      const reason = (answer.body.errors as Record<string, string[]>).sql![0]!;
      await expect.poll(() => page.getByTestId('sql-error').textContent(), POLL).toBe(reason);
      expect(await page.getByTestId('query-result').count()).toBe(0);
    }
    await page.screenshot({ path: screenshotPath('analytics-console-error') });
  });

  it('saves a query, finds it in the saved list, renames it, reopens it in the console and deletes it', async () => {
    const page = await demo.signedInPage('analyst', '/an/console');
    await typeQuery(page, BY_TYPE_SQL);
    await page.getByTestId('result-chart').waitFor();
    await page.getByTestId('result-chart-panel').getByText('Линия').click();
    await page.getByTestId('save-query-as').click();
    const dialog = page.getByRole('dialog', { name: 'Сохранить запрос' });
    // A nameless query is stopped by the form.
    await dialog.getByTestId('query-name').fill('');
    await dialog.getByTestId('query-name-submit').click();
    await dialog.getByText('Введите название').waitFor();
    await dialog.getByTestId('query-name').fill('Мои нарушения по типам');
    await dialog.getByTestId('query-name-submit').click();
    await page.getByTestId('opened-query').filter({ hasText: 'Запрос «Мои нарушения по типам»' }).waitFor();
    await page.waitForURL((url) => url.searchParams.has('query'));
    const savedUrl = page.url();

    await page.getByTestId('side-menu').locator('a[data-menu-item="savedQueries"]').click();
    await page.getByRole('heading', { level: 1, name: 'Сохранённые запросы' }).waitFor();
    const row = page.getByTestId('saved-query-row').filter({ hasText: 'Мои нарушения по типам' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Линия');
    await row.getByRole('button', { name: 'Переименовать: Мои нарушения по типам' }).click();
    const rename = page.getByRole('dialog', { name: 'Переименовать запрос' });
    await rename.getByTestId('query-name').fill('Мои нарушения по видам');
    await rename.getByTestId('query-name-submit').click();
    const renamed = page.getByTestId('saved-query-row').filter({ hasText: 'Мои нарушения по видам' });
    await renamed.waitFor();
    await rename.waitFor({ state: 'detached' });
    await page.screenshot({ path: screenshotPath('analytics-queries') });

    // Opened in a fresh tab from its address: the text and the chart come back from the server.
    const fresh = await demo.signedInPage('analyst', new URL(savedUrl).pathname + new URL(savedUrl).search);
    await fresh.getByTestId('opened-query').filter({ hasText: 'Запрос «Мои нарушения по видам»' }).waitFor();
    expect(await fresh.getByRole('textbox', { name: 'Запрос' }).inputValue()).toBe(BY_TYPE_SQL);
    await fresh.getByTestId('run-query').click();
    await expect
      .poll(() => fresh.getByTestId('result-chart').getAttribute('data-chart-type'), POLL)
      .toBe('line');

    await renamed.getByRole('button', { name: 'Удалить: Мои нарушения по видам' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Удалить' }).click();
    await renamed.waitFor({ state: 'detached' });
    // The demo analyst's own saved queries stay.
    await page.getByTestId('saved-query-row').filter({ hasText: 'Нарушения по типам' }).waitFor();
  });

  it('speaks English and Kazakh too, action types included', async () => {
    const page = await demo.signedInPage('analyst', '/an');
    await page.getByRole('heading', { level: 1, name: 'Дашборды' }).waitFor();
    const byType = page.getByTestId('chart-by-type').getByTestId('chart');
    await page.getByTestId('language-switcher').getByText('EN', { exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboards' }).waitFor();
    await expect.poll(() => byType.getAttribute('aria-label'), POLL).toContain('Switched away: 3');
    await page.getByTestId('language-switcher').getByText('KZ', { exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Дашбордтар' }).waitFor();
    await expect.poll(() => byType.getAttribute('aria-label'), POLL).toContain('Бет кадрда жоқ: 2');
    expect(await page.getByTestId('side-menu').locator('[data-menu-item="console"]').textContent()).toBe(
      'SQL консолі',
    );
  });

  it('fits a phone: the console and the dashboards in one column', async () => {
    const page = await demo.signedInPage('analyst', '/an/console', PHONE);
    await typeQuery(page, BY_TYPE_SQL);
    await page.getByTestId('result-chart').waitFor();
    const width = await page.evaluate<number>('document.documentElement.scrollWidth');
    expect(width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: screenshotPath('analytics-console-phone'), fullPage: true });
    const dashboards = await demo.signedInPage('analyst', '/an', PHONE);
    await expect
      .poll(() => dashboards.getByTestId('total-violations').getByTestId('total-value').textContent(), POLL)
      .toBe('6');
    await dashboards.screenshot({ path: screenshotPath('analytics-dashboard-phone'), fullPage: true });
    expect(demo.errors).toEqual([]);
  });
});
