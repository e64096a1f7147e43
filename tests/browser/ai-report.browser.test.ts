import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../blackbox/authoring/http';
import {
  analysedRecording,
  uploadedRecording,
  type AnalysedRecording,
  type UploadedRecording,
} from '../support/analysed-recording';
import { DemoPlatform, screenshotPath } from './support/demo-platform';

const POLL = { timeout: 20_000 };

/**
 * The teacher walks the attempt result page's tabs (?tab=): the violations with their durations and the
 * score, the recordings with their state and the player, the identity photo, the action log.
 * The teacher reads the AI report of an attempt on its result page: the credibility score, the summary
 * per violation type, each interval with its thumbnail, which detectors ran, the models; a re-run shows
 * its progress and then the diff against the previous version. The recording is uploaded and analysed
 * by the real platform, with the default settings (head tracking on the client, analysis on): nobody
 * asked for it. An assignment with the analysis turned off has no report until the teacher asks.
 */
describe('the AI report on the attempt result page', () => {
  const demo = new DemoPlatform();
  let recording: AnalysedRecording;
  let unanalysed: UploadedRecording;

  beforeAll(async () => {
    await demo.start();
    recording = await analysedRecording(demo.url);
    // The first 6 s of the same video, for an assignment whose teacher turned the analysis off.
    unanalysed = await uploadedRecording(demo.url, { chunks: 1, proctoringSettings: { ai_analysis: false } });
  }, 600_000);
  afterAll(() => demo.stop());

  it('walks the tabs: violations, recordings, identity photo, action log; the tab survives a reload', async () => {
    // The student's client reports a lost focus, three signals a second apart: one interval of 2 s.
    const http = client(demo.url);
    const student = await http.token('student');
    const base = Date.now() - 60_000;
    const sent = await http.call('POST', '/api/assignment/actions/batch', student, {
      actions: [0, 1, 2].map((n) => ({
        id: `result-tabs-${n}`,
        assignment_id: recording.assignmentId,
        assignment_attempt_id: recording.attemptId,
        action_type: 'focus_lost',
        created_at: new Date(base + n * 1000).toISOString(),
      })),
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);

    const resultUrl = `/t/assignments/result/${recording.assignmentId}/${recording.attemptId}`;
    const page = await demo.signedInPage('teacher', resultUrl);
    const tabs = page.getByTestId('result-tabs');
    await page.getByTestId('attempt-summary').waitFor(POLL);
    expect(await tabs.getByRole('tab', { selected: true }).textContent()).toBe('Результаты');

    // Keyboard: the arrow moves to the next tab and opens it.
    await tabs.getByRole('tab', { name: 'Результаты' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => new URL(page.url()).searchParams.get('tab'), POLL).toBe('violations');
    const violations = page.getByTestId('violations-tab');
    await violations.waitFor(POLL);
    const focusLost = violations.locator('[data-testid="interval-row"][data-type="focus_lost"]');
    await focusLost.waitFor(POLL);
    expect(await focusLost.getAttribute('data-duration')).toBe('00:00:02');
    expect(await focusLost.getAttribute('data-class')).toBe('seconds');
    await violations.getByTestId('credibility-score').waitFor(POLL);
    await focusLost.click();
    // The review form of the chosen interval: a confirmation marks the row.
    const review = violations.getByTestId('review-form');
    await review.getByText('Подтвердить', { exact: true }).click();
    await review.getByRole('button', { name: 'Сохранить' }).click();
    await expect
      .poll(() => focusLost.getByTestId('interval-review').textContent(), POLL)
      .toBe('Подтверждено');
    await page.screenshot({ path: screenshotPath('result-violations'), fullPage: true });

    await tabs.getByRole('tab', { name: 'Записи' }).click();
    const recordings = page.getByTestId('recordings-tab');
    await recordings.waitFor(POLL);
    await recordings.locator('[data-testid="recording-row"][data-state="converted"]').waitFor(POLL);
    const video = recordings.getByTestId('proctoring-video');
    await video.waitFor(POLL);
    const currentTime = () => video.evaluate((v) => (v as unknown as { currentTime: number }).currentTime);
    await expect
      .poll(() => video.evaluate((v) => (v as unknown as { readyState: number }).readyState), POLL)
      .toBeGreaterThanOrEqual(2);
    await video.evaluate((v) => (v as unknown as { play(): Promise<void> }).play());
    await expect.poll(currentTime, POLL).toBeGreaterThan(0.5);
    await recordings.getByText('2×', { exact: true }).click();
    expect(await video.evaluate((v) => (v as unknown as { playbackRate: number }).playbackRate)).toBe(2);
    await page.screenshot({ path: screenshotPath('result-recordings'), fullPage: true });

    await tabs.getByRole('tab', { name: 'Фото идентификации' }).click();
    const photo = page.getByRole('img', { name: 'Фото идентификации 1' });
    await photo.waitFor(POLL);
    // The photo comes through the API with the token: it is really drawn, at the size the client sent.
    await expect
      .poll(() => photo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth), POLL)
      .toBe(256);
    await page.screenshot({ path: screenshotPath('result-identity'), fullPage: true });

    await tabs.getByRole('tab', { name: 'Журнал действий' }).click();
    const log = page.getByTestId('log-tab');
    await log.waitFor(POLL);
    await log.locator('[data-testid="action-row"]', { hasText: 'Личность подтверждена' }).waitFor(POLL);
    await expect
      .poll(() => log.locator('[data-testid="action-row"]', { hasText: 'Уход с вкладки' }).count(), POLL)
      .toBe(3);
    await page.screenshot({ path: screenshotPath('result-log'), fullPage: true });

    await page.reload();
    await page.getByTestId('log-tab').waitFor(POLL);
    expect(await tabs.getByRole('tab', { selected: true }).textContent()).toBe('Журнал действий');
    expect(demo.errors).toEqual([]);
  });

  it('shows the score, the summary, each interval with its thumbnail, and the models', async () => {
    expect(recording.report.status).toBe('completed');
    const page = await demo.signedInPage(
      'teacher',
      `/t/assignments/result/${recording.assignmentId}/${recording.attemptId}?tab=ai-report`,
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
    // Made with the defaults, without anyone asking; every detector ran (the video has sound, the
    // attempt an identity photo).
    expect(recording.report.requested_by).toBeNull();
    await expect(panel.getByTestId('ai-report-version').textContent()).resolves.toBe(
      'Доверие к попытке, из 100 · версия 1 · автоматически после преобразования',
    );
    await expect(panel.getByTestId('ai-report-detectors-ran').textContent()).resolves.toContain(
      'Другой человек',
    );
    expect(await panel.getByTestId('ai-report-detectors-skipped').count()).toBe(0);
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('ai-report'), fullPage: false });
  });

  it('re-runs the analysis, shows its progress, then the diff against the previous version', async () => {
    const page = await demo.signedInPage(
      'teacher',
      `/t/assignments/result/${recording.assignmentId}/${recording.attemptId}?tab=ai-report`,
    );
    const panel = page.getByTestId('ai-report');
    await panel.getByTestId('ai-report-rerun').click();
    await panel.getByTestId('ai-report-progress').waitFor();
    const diff = panel.getByTestId('ai-report-diff');
    await diff.waitFor({ timeout: 300_000 });
    expect(await diff.textContent()).toContain('По сравнению с версией 1: новых 0, исчезло 0, изменилось 0');
    await expect(panel.getByTestId('ai-report-version').textContent()).resolves.toContain(
      'версия 2 · по запросу',
    );
    // The first version is kept: it can be chosen to look at again.
    const versions = panel.getByTestId('ai-report-versions');
    expect(await versions.inputValue()).toBe('версия 2 (последняя)');
    await versions.click();
    await page.getByRole('option', { name: 'версия 1', exact: true }).click();
    await expect
      .poll(() => panel.getByTestId('ai-report-version').getAttribute('data-version'), POLL)
      .toBe('1');
    await page.screenshot({ path: screenshotPath('ai-report-versions'), fullPage: false });
    expect(demo.errors).toEqual([]);
  }, 320_000);

  it('offers the AI analysis switch on the assignment form, on by default', async () => {
    const page = await demo.signedInPage('teacher', '/t/assignments/create');
    const proctoring = page.getByTestId('proctoring-form');
    const toggle = proctoring.getByRole('switch', { name: 'ИИ-анализ записи камеры на сервере' });
    await toggle.waitFor(POLL);
    expect(await toggle.isChecked()).toBe(true);
    await toggle.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('assignment-ai-analysis'), fullPage: false });
  });

  it('asks for the analysis of an assignment that turned it off, and shows its progress and version', async () => {
    const http = client(demo.url);
    const teacher = await http.token('teacher');
    // Converted, yet not analysed: the assignment said no.
    await expect
      .poll(
        async () =>
          (
            (await http.call('GET', `/api/webinar-sessions/${unanalysed.sessionId}`, teacher)).body
              .entity as {
              state?: string;
            }
          ).state,
        { timeout: 300_000 },
      )
      .toBe('converted');
    const page = await demo.signedInPage(
      'teacher',
      `/t/assignments/result/${unanalysed.assignmentId}/${unanalysed.attemptId}?tab=ai-report`,
    );
    const panel = page.getByTestId('ai-report');
    await panel.getByTestId('ai-report-none').waitFor(POLL);
    await page.screenshot({ path: screenshotPath('ai-report-none'), fullPage: false });
    await panel.getByRole('button', { name: 'Запросить анализ' }).click();
    const progress = panel.getByTestId('ai-report-progress');
    await progress.waitFor(POLL);
    expect(await progress.getAttribute('data-version')).toBe('1');
    await page.screenshot({ path: screenshotPath('ai-report-requested'), fullPage: false });
    await panel.getByTestId('ai-report-score').waitFor({ timeout: 300_000 });
    await expect(panel.getByTestId('ai-report-version').textContent()).resolves.toContain(
      'версия 1 · по запросу',
    );
    await panel.getByTestId('ai-report-detectors').waitFor(POLL);
    await panel.getByRole('button', { name: 'Проанализировать заново' }).waitFor(POLL);
    await page.screenshot({ path: screenshotPath('ai-report-requested-done'), fullPage: false });
    expect(demo.errors).toEqual([]);
  }, 320_000);

  it('lets the proctor ask again from the proctoring page, and shows the new version', async () => {
    const page = await demo.signedInPage(
      'proctor',
      `/p/assignments/${unanalysed.assignmentId}?attempt=${unanalysed.attemptId}`,
    );
    const panel = page.getByTestId('ai-report');
    await panel.getByTestId('ai-report-version').waitFor(POLL);
    await panel.getByRole('button', { name: 'Проанализировать заново' }).click();
    await expect
      .poll(() => panel.getByTestId('ai-report-progress').getAttribute('data-version'), POLL)
      .toBe('2');
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('ai-report-proctor'), fullPage: false });
    await expect
      .poll(() => panel.getByTestId('ai-report-version').getAttribute('data-version'), { timeout: 300_000 })
      .toBe('2');
    expect(await panel.getByTestId('ai-report-versions').inputValue()).toBe('версия 2 (последняя)');
    expect(demo.errors).toEqual([]);
  }, 320_000);
});
