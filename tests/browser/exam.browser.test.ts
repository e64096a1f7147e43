import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoExams } from './support/demo-exam';
import { DemoPlatform, screenshotPath } from './support/demo-platform';
import { composeCameraFilm, useFakeCapture, type Scene } from './support/fake-camera';

const POLL = { timeout: 30_000, interval: 500 };
const SLOW_POLL = { timeout: 120_000, interval: 1_000 };
const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * The fake camera's film, looped by Chromium: one face (astronaut.png) 10 s, nobody 6 s, four faces
 * (opencv-doc's facereg.jpg) 6 s, one face again 8 s.
 */
const CAMERA_FILM: Scene[] = [
  { picture: 'astronaut', seconds: 10 },
  { picture: 'nobody', seconds: 6 },
  { picture: 'fourFaces', seconds: 6 },
  { picture: 'astronaut', seconds: 8 },
];

/**
 * Takes the identification photo until one is taken of exactly one face, first seeing one refused: the
 * film shows nobody and four faces for 12 of its 30 s, and a photo of those is refused with its reason.
 */
async function takeOneFacePhoto(page: Page): Promise<void> {
  const refusals: string[] = [];
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const step = page.getByTestId('identity-photo');
    const checked = Number(await step.getAttribute('data-checks'));
    await page.getByTestId('photo-take').click();
    await expect.poll(async () => Number(await step.getAttribute('data-checks')), POLL).toBe(checked + 1);
    const refused = page.getByTestId('photo-refused');
    if (await refused.isVisible()) {
      refusals.push((await refused.getAttribute('data-reason')) ?? '');
      await page.screenshot({ path: screenshotPath('exam-photo-refused') });
    } else if (refusals.length > 0) {
      console.log(`identity photo refused first (${refusals.join(', ')}), then taken of one face`);
      return;
    } else {
      // Taken of one face before any refusal was seen: take it again until the film shows none.
      await page.getByTestId('photo-retake').click();
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`no photo of one face was taken; refusals: ${refusals.join(', ')}`);
}

/**
 * The student's exam client against the real platform, in Chromium with a fake camera and a fake
 * screen: the equipment check, the identification photo, the recording's chunks uploaded from
 * IndexedDB and converted, the face detector's segments and focus loss posted as actions, a reload in
 * the middle, and the main thread's longest task.
 */
describe('a proctored exam in the browser', () => {
  const demo = new DemoPlatform();
  let assignmentId = '';
  const exams = new DemoExams(demo);
  let page: Page;

  const actions = () => exams.actions(assignmentId);
  const typesPosted = async () => new Set((await actions()).map((a) => a.action_type));
  const sessions = () => exams.sessions(assignmentId);

  beforeAll(async () => {
    useFakeCapture({ camera: composeCameraFilm(path.join(repoRoot, '.tmp/exam-camera'), CAMERA_FILM) });
    await demo.start();
  });
  afterAll(() => demo.stop());

  it('the student passes the equipment check, takes the photo and starts under proctoring', async () => {
    assignmentId = (
      await exams.create('Экзамен под наблюдением', { head_tolerance: 1500, focus_tolerance: 1500 })
    ).id;
    page = await demo.signedInPage('student', `/s/assignments/${assignmentId}/register`);
    await page.getByTestId('proctoring-consent').check();
    const check = page.getByTestId('equipment-check');
    await check.waitFor();
    expect(await page.getByTestId('start-attempt').isDisabled()).toBe(true);
    for (const item of ['camera', 'microphone', 'displays', 'resolution']) {
      await check.locator(`[data-testid="check-${item}"][data-state="passed"]`).waitFor(POLL);
    }
    // The screen needs a click (a user gesture), then the fake screen is shared.
    await page.getByTestId('check-screen-run').click();
    await check.locator('[data-testid="check-screen"][data-state="passed"]').waitFor(POLL);
    await page.getByTestId('microphone-level').waitFor();
    expect(await page.getByTestId('start-attempt').isDisabled()).toBe(true);
    await takeOneFacePhoto(page);
    // A viewport as tall as the page: a full-page capture would paint the fixed header mid-page.
    await page.setViewportSize({ width: 1280, height: 1450 });
    await page.screenshot({ path: screenshotPath('exam-equipment-check') });
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await page.getByTestId('start-attempt').isDisabled()).toBe(false);

    await page.getByTestId('start-attempt').click();
    await page.waitForURL(`${demo.url}/s/assignments/${assignmentId}`);
    await page.getByTestId('exam-recording').waitFor(POLL);
    await page.getByTestId('attempt-runner').waitFor();

    // Focus mode: nothing on the page leads away from the exam but the brand, which asks first.
    expect(await page.getByTestId('main-layout').getAttribute('data-focus')).toBe('true');
    for (const away of ['navbar', 'header-chat', 'header-basket', 'header-tasks', 'school-switcher']) {
      expect({ away, shown: await page.getByTestId(away).count() }).toEqual({ away, shown: 0 });
    }
    expect(await page.getByTestId('language-switcher').count()).toBe(0);
    expect(await page.getByText('Выход', { exact: true }).count()).toBe(0);
    await page.getByTestId('focus-badge').waitFor();
    await page.screenshot({ path: screenshotPath('exam-focus-mode') });
    await page.getByRole('link', { name: 'Sabaq' }).click();
    const leave = page.getByTestId('confirm-dialog');
    await leave.getByText('Покинуть экзамен?').waitFor(POLL);
    await page.screenshot({ path: screenshotPath('exam-leave-confirm') });
    await leave.getByRole('button', { name: 'Отмена' }).click();
    await leave.waitFor({ state: 'hidden' });
    expect(page.url()).toBe(`${demo.url}/s/assignments/${assignmentId}`);
    await page.getByTestId('attempt-runner').waitFor();

    await expect
      .poll(async () => [...(await typesPosted())].sort(), POLL)
      .toEqual(
        expect.arrayContaining([
          'environment_checked',
          'identity_verified',
          'recording_started',
          'session_started',
        ]),
      );
    const posted = await actions();
    const identity = posted.find((a) => a.action_type === 'identity_verified')!;
    expect(identity.screenshot).toMatch(/\.jpe?g$/);
    expect(posted.find((a) => a.action_type === 'environment_checked')!.description).toContain(
      'camera: passed',
    );
    // The two recorders (camera, screen) start one after the other: the second may post a moment later.
    await expect
      .poll(async () => (await actions()).filter((a) => a.action_type === 'recording_started').length, POLL)
      .toBe(2);
    await expect
      .poll(async () => (await sessions()).map((s) => s.session_type).sort(), POLL)
      .toEqual(['main-camera', 'screen']);
  }, 120_000);

  it('uploads the recorded chunks from IndexedDB while the exam goes on', async () => {
    await expect
      .poll(async () => (await page.getByTestId('upload-progress').textContent()) ?? '', SLOW_POLL)
      .toMatch(/Отправлено ([2-9]|\d\d+) из/);
    const stored = (await page.evaluate(`new Promise((resolve, reject) => {
      const open = indexedDB.open('VideoChunksDb');
      open.onsuccess = () => {
        const all = open.result.transaction('chunks').objectStore('chunks').getAll();
        all.onsuccess = () => resolve(all.result.map((c) => ({ name: c.name, session: c.session_id, uploaded: c.is_uploaded, closed: c.is_closed, codec: c.codec, duration: c.duration, size: c.blob.size })));
        all.onerror = () => reject(all.error);
      };
      open.onerror = () => reject(open.error);
    })`)) as { name: string; uploaded: boolean; closed: boolean; size: number; duration: number }[];
    expect(stored.length).toBeGreaterThan(1);
    expect(stored.some((c) => c.uploaded)).toBe(true);
    expect(stored.every((c) => c.closed && c.size > 0 && /^chunk_\d{5}\.webm$/.test(c.name))).toBe(true);
  }, 180_000);

  it('posts the no-face and many-faces segments of the camera as face_missing and many_faces', async () => {
    await expect
      .poll(async () => {
        const types = await typesPosted();
        return ['face_missing', 'many_faces'].filter((t) => types.has(t));
      }, SLOW_POLL)
      .toEqual(['face_missing', 'many_faces']);
    // Every segment of the film was seen by the worker as what it is: one face, none, several.
    const seen = async () => {
      const counts = (await page.evaluate('window.sabaqExam.faceCounts')) as number[];
      return [counts.includes(1), counts.includes(0), counts.some((c) => c > 1)];
    };
    await expect.poll(seen, SLOW_POLL).toEqual([true, true, true]);
    const counts = (await page.evaluate('window.sabaqExam.faceCounts')) as number[];
    console.log(`faces per looked-at frame: ${JSON.stringify(counts)}`);
    await page.getByTestId('exam-warning').waitFor(POLL);
    await page.screenshot({ path: screenshotPath('exam-under-proctoring') });
  }, 180_000);

  it('posts focus loss and its return, and shows the warning', async () => {
    const before = (await actions()).filter((a) => a.action_type === 'focus_lost').length;
    // Another tab in front hides the exam's page (visibilitychange).
    const other = await page.context().newPage();
    await other.goto('about:blank');
    await other.bringToFront();
    const hidden = await page.evaluate('document.visibilityState');
    if (hidden !== 'hidden') await page.evaluate('window.dispatchEvent(new Event("blur"))');
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await page.bringToFront();
    await other.close();
    if (hidden !== 'hidden') await page.evaluate('window.dispatchEvent(new Event("focus"))');
    console.log(`focus loss through ${hidden === 'hidden' ? 'a hidden tab' : 'a blur event'}`);
    await expect
      .poll(async () => (await actions()).filter((a) => a.action_type === 'focus_lost').length, POLL)
      .toBeGreaterThan(before);
    await expect.poll(async () => (await typesPosted()).has('focus_returned'), POLL).toBe(true);
    expect(await page.getByTestId('exam-warning').getAttribute('data-action')).toMatch(
      /focus_lost|face_missing|many_faces/,
    );
  }, 120_000);

  it('reports a browser extension working on the page once, as prohibited_process with its origin', async () => {
    // What an extension's content script leaves: elements pointing at its own address (a link and a
    // custom property here, which load nothing, so the page logs no blocked request).
    await page.evaluate(`(() => {
      const link = document.createElement('a');
      link.href = 'chrome-extension://abcdefghijklmnop/options.html';
      document.body.appendChild(link);
      const badge = document.createElement('div');
      badge.setAttribute('style', '--icon: url(chrome-extension://abcdefghijklmnop/icon.png)');
      document.body.appendChild(badge);
    })()`);
    await expect
      .poll(async () => (await actions()).filter((a) => a.action_type === 'prohibited_process').length, POLL)
      .toBe(1);
    const [posted] = (await actions()).filter((a) => a.action_type === 'prohibited_process');
    expect(posted!.description).toBe('browser extension chrome-extension://abcdefghijklmnop');
    await page.getByTestId('exam-warning').and(page.locator('[data-action="extension"]')).waitFor(POLL);
    expect(await page.getByTestId('exam-warning').textContent()).toContain('расширение браузера');
  }, 60_000);

  it('survives a reload: the check runs again, the old chunks go, and the recording goes on', async () => {
    const before = (await sessions()).length;
    // Reloading a running exam asks first (beforeunload): the student says yes.
    page.on('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await page.getByTestId('equipment-check').waitFor(POLL);
    await page.getByTestId('check-screen-run').click();
    await page.locator('[data-testid="check-screen"][data-state="passed"]').waitFor(POLL);
    await page.getByTestId('exam-continue').click();
    await page.getByTestId('exam-recording').waitFor(POLL);
    // The sessions of the first page get their playlist from the chunks the reload left in IndexedDB.
    await expect
      .poll(async () => (await sessions()).filter((s) => s.status === 'finished').length, SLOW_POLL)
      .toBe(2);
    expect((await sessions()).length).toBe(before + 2);
  }, 180_000);

  it('asks before the student leaves, and tells the proctor when they do; coming back goes on', async () => {
    const before = (await sessions()).length;
    await page.getByRole('link', { name: 'Sabaq' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Покинуть' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith(`/s/assignments/${assignmentId}`), POLL);
    await expect.poll(() => page.getByTestId('main-layout').getAttribute('data-focus'), POLL).toBe('false');
    await expect
      .poll(async () => (await actions()).filter((a) => a.action_type === 'session_ended'), POLL)
      .toEqual([expect.objectContaining({ description: 'left the exam page' })]);
    // Back to the attempt: it is still running; the equipment is checked again and the exam goes on.
    await page.goto(`${demo.url}/s/assignments/${assignmentId}`);
    await page.getByTestId('check-screen-run').click();
    await page.locator('[data-testid="check-screen"][data-state="passed"]').waitFor(POLL);
    await page.getByTestId('exam-continue').click();
    await page.getByTestId('exam-recording').waitFor(POLL);
    expect(await page.getByTestId('main-layout').getAttribute('data-focus')).toBe('true');
    await expect.poll(async () => (await sessions()).length, POLL).toBe(before + 2);
  }, 180_000);

  it("finishes: the recordings convert, and the main thread's longest task is reported", async () => {
    // The detector is back at work after the reload: a few frames counted.
    await expect
      .poll(async () => ((await page.evaluate('window.sabaqExam.faceCounts.length')) as number) > 5, POLL)
      .toBe(true);
    const probe = (await page.evaluate('({ ...window.sabaqExam })')) as {
      longestTaskMs: number;
      longTasks: number;
      longTaskLog: { at: number; ms: number }[];
      longFrames: { at: number; ms: number; scriptMs: number; scripts: string[] }[];
      inferenceMs: number;
      faceCounts: number[];
      detectorErrors: string[];
    };
    console.log(
      `main thread's longest task during the exam: ${probe.longestTaskMs} ms (${probe.longTasks} long tasks); ` +
        `slowest face inference in the worker: ${probe.inferenceMs.toFixed(1)} ms over ${probe.faceCounts.length} frames`,
    );
    // What the long frames were made of (scripts and their share), to tell our code from a starved thread.
    if (probe.longTasks > 0) {
      console.log('long tasks:', JSON.stringify(probe.longTaskLog));
      console.log('long frames:', JSON.stringify(probe.longFrames));
    }
    if (probe.detectorErrors.length > 0)
      console.log('detector errors:', JSON.stringify(probe.detectorErrors));
    expect(probe.detectorErrors).toEqual([]);
    // The page's longest task is printed, not asserted: on a loaded machine the page's frames are
    // preempted by other work (an 80 ms task with no script in it was seen), and speed is measured in
    // benchmarks (`npm run bench -- web`), never by a timed test.

    await page.getByTestId('finish-attempt').click();
    const dialog = page.getByRole('dialog', { name: 'Завершить попытку?' });
    await dialog.getByRole('button', { name: 'Завершить' }).click();
    await page.getByTestId('results-view').waitFor(POLL);
    await expect.poll(async () => (await typesPosted()).has('session_ended'), POLL).toBe(true);
    await expect
      .poll(async () => (await sessions()).map((s) => `${s.status}/${s.state}`).sort(), {
        timeout: 240_000,
        interval: 2_000,
      })
      .toEqual(Array(6).fill('finished/converted'));
    const durations = (await sessions()).map((s) => s.video_duration ?? 0);
    expect(durations.every((d) => d > 0)).toBe(true);
    expect(demo.errors).toEqual([]);
  }, 420_000);
});
