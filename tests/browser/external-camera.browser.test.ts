import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoExams, type ExamSession } from './support/demo-exam';
import { DemoPlatform, PHONE, screenshotPath } from './support/demo-platform';
import { composeCameraFilm, useFakeCapture, type Scene } from './support/fake-camera';

const POLL = { timeout: 30_000, interval: 500 };
const SLOW_POLL = { timeout: 120_000, interval: 1_000 };
const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Chromium's fake camera for both pages (the exam's and the phone's), looped: a face (astronaut.png)
 * 8 s, then nobody 4 s.
 */
const CAMERA_FILM: Scene[] = [
  { picture: 'astronaut', seconds: 8 },
  { picture: 'nobody', seconds: 4 },
];

/**
 * The second camera end to end: the student's proctored exam shows the phone's link and QR code; a
 * phone (a mobile viewport, another browser profile, no sign-in) opens the link, records, its chunks
 * upload and the second-camera session converts; the phone stopping, and then a phone's page closed,
 * each give the exam's `external_camera_closed` warning.
 */
describe('the phone as the second camera', () => {
  const demo = new DemoPlatform();
  let assignmentId = '';
  const exams = new DemoExams(demo);
  let assignmentName = '';
  let exam: Page;
  let link = '';

  const closedWarnings = async () =>
    (await exams.actions(assignmentId)).filter((a) => a.action_type === 'external_camera_closed');
  const phoneSessions = () => exams.sessions(assignmentId, 'second-camera');

  beforeAll(async () => {
    useFakeCapture({ camera: composeCameraFilm(path.join(repoRoot, '.tmp/external-camera'), CAMERA_FILM) });
    await demo.start();
  });
  afterAll(() => demo.stop());

  it('the exam shows the link and QR code for the phone', async () => {
    // The main camera and the second one; the detectors off, so this file tests the phone alone.
    const assignment = await exams.create('Экзамен со второй камерой', {
      second_camera_record: true,
      screen_share_record: false,
      head_identity: false,
      head_tracking: false,
      noise_detector: false,
      speech_detector: false,
      displays_check: false,
      check_env: false,
      fullscreen_mode: false,
      focus_detector: false,
    });
    assignmentId = assignment.id;
    // A quiz assignment is named after its quiz.
    assignmentName = assignment.name;

    exam = await demo.signedInPage('student', `/s/assignments/${assignmentId}/register`);
    await exam.getByTestId('proctoring-consent').check();
    await exam.locator('[data-testid="check-camera"][data-state="passed"]').waitFor(POLL);
    await exam.getByTestId('start-attempt').click();
    await exam.waitForURL(`${demo.url}/s/assignments/${assignmentId}`);
    await exam.getByTestId('attempt-runner').waitFor(POLL);

    const card = exam.getByTestId('second-camera');
    await card.waitFor(POLL);
    expect(await card.getAttribute('data-state')).toBe('waiting');
    await exam.getByTestId('second-camera-qr').waitFor(POLL);
    link = (await exam.getByTestId('second-camera-url').textContent()) ?? '';
    expect(link).toMatch(new RegExp(`^${demo.url}/session/camera/camera\\.[0-9a-f-]+\\.\\d+\\.[\\w-]+$`));
    // The QR code is an image of that link (an SVG drawn by the qrcode package).
    expect(await exam.getByTestId('second-camera-qr').getAttribute('src')).toMatch(/^data:image\/svg\+xml;/);
    await exam.setViewportSize({ width: 1280, height: 1000 });
    await exam.screenshot({ path: screenshotPath('exam-second-camera-qr') });
  }, 180_000);

  it('a phone opens the link without signing in, records, and the exam sees it live', async () => {
    const phone = await demo.newPage(PHONE);
    await phone.goto(link);
    await phone.getByTestId('camera-page').waitFor(POLL);
    expect(await phone.getByTestId('link-assignment').textContent()).toBe(assignmentName);
    expect(await phone.getByTestId('link-student').textContent()).toBe(exams.student.firstname);
    // The rear camera first, switchable before the start.
    expect(await phone.getByTestId('camera-switch').getAttribute('data-facing')).toBe('environment');
    await phone.getByTestId('camera-switch').click();
    expect(await phone.getByTestId('camera-switch').getAttribute('data-facing')).toBe('user');
    await phone.getByTestId('camera-switch').click();
    await expect.poll(() => phone.getByTestId('camera-start').isEnabled(), POLL).toBe(true);
    await phone.getByTestId('camera-start').click();
    await phone.getByTestId('camera-recording').waitFor(POLL);
    await exam.locator('[data-testid="second-camera"][data-state="live"]').waitFor(POLL);

    // Chunks of 5 s go every 10 s from the phone's IndexedDB.
    await expect
      .poll(async () => (await phone.getByTestId('upload-progress').textContent()) ?? '', SLOW_POLL)
      .toMatch(/Отправлено ([2-9]|\d\d+) из/);
    // The preview shows the camera: wait for the film's photo (not its grey frame) before the picture.
    const spread = `(() => {
      const video = document.querySelector('[data-testid="camera-preview"]');
      const canvas = document.createElement('canvas');
      canvas.width = 32;
      canvas.height = 24;
      const context = canvas.getContext('2d');
      context.drawImage(video, 0, 0, 32, 24);
      const data = context.getImageData(0, 0, 32, 24).data;
      let min = 255, max = 0;
      for (let i = 0; i < data.length; i += 4) { min = Math.min(min, data[i]); max = Math.max(max, data[i]); }
      return max - min;
    })()`;
    await expect.poll(async () => (await phone.evaluate(spread)) as number, POLL).toBeGreaterThan(60);
    await phone.screenshot({ path: screenshotPath('phone-second-camera-recording') });
    const sessions = await phoneSessions();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ session_type: 'second-camera', status: 'started' });

    // The phone stops: the rest and the playlist go, the recording converts, the exam is warned.
    await phone.getByTestId('camera-stop').click();
    await phone.locator('[data-testid="camera-finished"][data-sent="true"]').waitFor(SLOW_POLL);
    await phone.screenshot({ path: screenshotPath('phone-second-camera-sent') });
    await expect
      .poll(async () => (await phoneSessions()).map((s) => `${s.status}/${s.state}`), {
        timeout: 180_000,
        interval: 2_000,
      })
      .toEqual(['finished/converted']);
    expect((await phoneSessions())[0]!.video_duration).toBeGreaterThan(5);
    await expect.poll(async () => (await closedWarnings()).length, POLL).toBe(1);
    await exam.locator('[data-testid="exam-warning"][data-action="external_camera_closed"]').waitFor(POLL);
    await exam.locator('[data-testid="second-camera"][data-state="closed"]').waitFor(POLL);
  }, 300_000);

  it('closing the phone’s page while it records gives the warning again', async () => {
    const phone = await demo.newPage(PHONE);
    await phone.goto(link);
    await phone.getByTestId('camera-page').waitFor(POLL);
    await phone.getByTestId('link-facts').waitFor(POLL);
    await expect.poll(() => phone.getByTestId('camera-start').isEnabled(), POLL).toBe(true);
    await phone.getByTestId('camera-start').click();
    await phone.getByTestId('camera-recording').waitFor(POLL);
    await exam.locator('[data-testid="second-camera"][data-state="live"]').waitFor(POLL);
    await phone.close({ runBeforeUnload: true });
    // The page's goodbye says `closed`; without it three missed heartbeats (30 s) say `lost`.
    await expect
      .poll(async () => (await closedWarnings()).length, { timeout: 60_000, interval: 1_000 })
      .toBe(2);
    const second = (await closedWarnings()).at(-1)!;
    console.log(`the closed page was heard as: ${second.description}`);
    expect(second.description).toMatch(/^(closed|lost)$/);
    // The card's QR code and polling on the exam's page (its detectors are off here): the main thread's
    // longest task while the exam ran, printed for the record.
    const probe = (await exam.evaluate('({ ...window.sabaqExam })')) as {
      longestTaskMs: number;
      longTasks: number;
    };
    console.log(
      `exam page's longest task with the second camera card: ${probe.longestTaskMs} ms (${probe.longTasks} long tasks)`,
    );
    expect(demo.errors).toEqual([]);
  }, 120_000);
  it('the upload page sends a recording file for the attempt, its progress shown, and it converts', async () => {
    const file = path.join(repoRoot, '.tmp/external-camera/recording.webm');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=15', '-t', '4'],
      ...['-c:v', 'libvpx', '-deadline', 'realtime', '-b:v', '300k', file],
    ]);
    // The attempt the exam runs: the phone's session names it.
    const attemptId = (await phoneSessions())[0]!.assignment_attempt_id;
    const given = await fetch(`${demo.url}/api/webinar-sessions/external-token`, {
      method: 'POST',
      headers: { authorization: `Bearer ${exams.studentToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ assignment_attempt_id: attemptId, purpose: 'upload' }),
    });
    expect(given.status).toBe(201);
    const { path: uploadPath } = ((await given.json()) as { entity: { path: string } }).entity;
    const page = await demo.newPage(PHONE);
    await page.goto(`${demo.url}${uploadPath}`);
    await page.getByTestId('upload-page').waitFor(POLL);
    expect(await page.getByTestId('link-student').textContent()).toBe(exams.student.firstname);
    // This browser holds no chunks of its own.
    await page.getByText('Неотправленных записей в этом браузере нет.').waitFor(POLL);
    await page.locator('input[type="file"]').setInputFiles(file);
    await page.getByTestId('upload-type').getByText('Экран').click();
    // A slow link, so that the bar is caught on its way.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const link = (uploadThroughput: number) =>
      cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: uploadThroughput < 0 ? 0 : 20,
        downloadThroughput: -1,
        uploadThroughput,
      });
    await link(20 * 1024);
    await page.getByTestId('upload-send').click();
    await page
      .getByTestId('upload-percent')
      .filter({ hasText: /^Отправлено [1-9]\d?%$/ })
      .waitFor(POLL);
    await page.screenshot({ path: screenshotPath('phone-upload-progress') });
    await link(-1);
    await page.getByTestId('upload-sent').waitFor(POLL);
    const screens = async () => {
      const answer = await demo.getAs(
        exams.studentToken,
        `/api/webinar-sessions?filter[assignment_attempt_id]=${attemptId}&filter[session_type]=screen`,
      );
      return ((await answer.json()) as { entities: ExamSession[] }).entities;
    };
    await expect
      .poll(async () => (await screens()).map((s) => `${s.status}/${s.state}`), {
        timeout: 180_000,
        interval: 2_000,
      })
      .toEqual(['finished/converted']);
    expect((await screens())[0]!.video_duration).toBeGreaterThan(3);
    expect(demo.errors).toEqual([]);
  }, 240_000);
});
