import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../blackbox/authoring/http';
import { DemoPlatform, screenshotPath } from './support/demo-platform';

/** A loaded machine may take seconds to load a screen or a projection: polls wait longer than 1 s. */
const POLL = { timeout: 60_000 };

/**
 * A fresh start with the demo data as `npm start` makes it (DEMO=1, with the past exams): the analyst
 * opens the dashboards and sees weeks of violations, the eight exams, credibility and time to finish,
 * before anyone has sat an exam.
 */
describe("the analyst's dashboards on a fresh demo start", () => {
  const demo = new DemoPlatform({ history: true });

  beforeAll(async () => {
    await demo.start();
    // ClickHouse is filled by the analytics projection in batches: wait until it holds the past exams.
    const http = client(demo.url);
    const analyst = await http.token('analyst');
    const attempts = async () => {
      const answer = await http.call('POST', '/api/analytics/query', analyst, {
        sql: 'SELECT uniqExact(attempt_id) FROM assignment_attempts WHERE finished_at IS NOT NULL',
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return Number((answer.body.entity as { rows: unknown[][] }).rows[0]![0]);
    };
    const deadline = Date.now() + POLL.timeout;
    while ((await attempts()) < 16) {
      if (Date.now() > deadline) throw new Error('the analytics tables never held the past exams');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await attempts()).toBe(16);
  }, 600_000);
  afterAll(() => demo.stop());

  it('draws every chart from the past exams', async () => {
    const page = await demo.signedInPage('analyst', '/an');
    await page.getByRole('heading', { level: 1, name: 'Дашборды' }).waitFor();
    const total = page.getByTestId('total-violations').getByTestId('total-value');
    await expect.poll(async () => Number(await total.textContent()), POLL).toBeGreaterThan(8);
    expect(await page.getByText('За этот период данных нет').count()).toBe(0);

    // Several days of the last month carry violations (the chart's description lists them "DD.MM: n").
    const overTime = page.getByTestId('chart-over-time').getByTestId('chart');
    const days = ((await overTime.getAttribute('aria-label')) ?? '').match(/\d\d\.\d\d: \d+/g) ?? [];
    expect(days.length).toBeGreaterThanOrEqual(4);
    // The types are in Russian, as the analyst reads them.
    expect(await page.getByTestId('chart-by-type').getByTestId('chart').getAttribute('aria-label')).toContain(
      'Переключение окна',
    );
    const rows = page.getByTestId('per-assignment-row');
    await expect.poll(() => rows.count(), POLL).toBe(8);
    expect(await rows.filter({ hasText: 'Контрольная: Алгебра' }).count()).toBe(1);
    for (const chart of ['chart-credibility', 'chart-finish-time']) {
      const described = (await page.getByTestId(chart).getByTestId('chart').getAttribute('aria-label')) ?? '';
      const counted = [...described.matchAll(/: (\d+)/g)].reduce((n, m) => n + Number(m[1]), 0);
      expect(counted, chart).toBe(16);
    }
    await page.screenshot({ path: screenshotPath('analytics-dashboard-demo-history'), fullPage: true });
  });
});
