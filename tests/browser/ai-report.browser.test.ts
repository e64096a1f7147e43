import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysedRecording, type AnalysedRecording } from '../support/analysed-recording';
import { DemoPlatform, screenshotPath } from './support/demo-platform';

const POLL = { timeout: 20_000 };

/**
 * The teacher reads the AI report of an attempt on its result page: the credibility score, the summary
 * per violation type, each interval with its thumbnail, the models; a re-run shows its progress and then
 * the diff against the previous version. The recording is uploaded and analysed by the real platform.
 */
describe('the AI report on the attempt result page', () => {
  const demo = new DemoPlatform();
  let recording: AnalysedRecording;

  beforeAll(async () => {
    await demo.start();
    recording = await analysedRecording(demo.url);
  }, 600_000);
  afterAll(() => demo.stop());

  it('shows the score, the summary, each interval with its thumbnail, and the models', async () => {
    expect(recording.report.status).toBe('completed');
    const page = await demo.signedInPage(
      'teacher',
      `/t/assignments/result/${recording.assignmentId}/${recording.attemptId}`,
    );
    const panel = page.getByTestId('ai-report');
    await panel.getByRole('heading', { name: 'Отчёт ИИ' }).waitFor();
    await expect
      .poll(() => panel.getByTestId('ai-report-score').textContent(), POLL)
      .toBe(String(recording.report.credibility.score));
    const summary = panel.getByTestId('ai-report-summary');
    for (const type of ['Лицо не в кадре', 'Несколько лиц', 'Другой человек', 'Речь', 'Шум']) {
      await summary.getByRole('cell', { name: type, exact: true }).waitFor();
    }
    await expect
      .poll(() => panel.getByTestId('ai-report-interval').count(), POLL)
      .toBe((recording.report.intervals as unknown[]).length);
    // Thumbnails come through the API with the token: at least one is really drawn.
    const image = panel.getByRole('img', { name: 'Несколько лиц' });
    await image.waitFor();
    await expect
      .poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth), POLL)
      .toBe(160);
    await expect(panel.getByTestId('ai-report-models').textContent()).resolves.toContain(
      'face-detect-rfb320',
    );
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('ai-report'), fullPage: false });
  });

  it('re-runs the analysis, shows its progress, then the diff against the previous version', async () => {
    const page = await demo.signedInPage(
      'teacher',
      `/t/assignments/result/${recording.assignmentId}/${recording.attemptId}`,
    );
    const panel = page.getByTestId('ai-report');
    await panel.getByTestId('ai-report-rerun').click();
    await panel.getByTestId('ai-report-progress').waitFor();
    const diff = panel.getByTestId('ai-report-diff');
    await diff.waitFor({ timeout: 300_000 });
    expect(await diff.textContent()).toContain('По сравнению с версией 1: новых 0, исчезло 0, изменилось 0');
    expect(demo.errors).toEqual([]);
  }, 320_000);
});
