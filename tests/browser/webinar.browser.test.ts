import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoUserId } from '../../services/src/contexts/identity/seed';
import { addChromiumArgs } from './support/chromium';
import { DemoPlatform, screenshotPath } from './support/demo-platform';

/**
 * An assignment's webinar in two Chromium pages on the fake camera and microphone: the teacher opens
 * /t/assignments/webinar/{assignment}, the student /s/assignments/{assignment}/webinar; each sees the
 * other's video playing (a decoded frame, videoWidth > 0), signalled over the platform's realtime
 * socket with no ICE servers on loopback. The student also hears of the assignment live, in the
 * header's notification panel. Then the teacher ends the webinar for both.
 */
describe('a webinar between a teacher and a student', () => {
  const demo = new DemoPlatform();
  let assignmentId = '';

  beforeAll(async () => {
    addChromiumArgs('--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream');
    await demo.start();
  });
  afterAll(() => demo.stop());

  /** A remote tile has decoded a frame and plays (typed by hand: these tests compile without the DOM's types). */
  const remotePlaying = (page: Page) =>
    expect
      .poll(
        () =>
          page.getByTestId('webinar-remote-video').evaluateAll((videos) =>
            videos.some((v) => {
              const video = v as unknown as { videoWidth: number; paused: boolean };
              return video.videoWidth > 0 && !video.paused;
            }),
          ),
        { timeout: 30_000 },
      )
      .toBe(true);

  it('tells the student of a new webinar assignment in the notification panel as it is given', async () => {
    const student = await demo.signedInPage('student', '/s');
    await student.getByTestId('header-notifications').waitFor();
    const teacherTokens = await demo.tokensOf('teacher');
    const studentId = demoUserId('student');
    const made = await fetch(`${demo.url}/api/assignments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${teacherTokens.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'webinar',
        name: 'Онлайн-урок: дроби',
        is_webinar: true,
        is_proctoring: false,
        students: [studentId],
      }),
    });
    const body = (await made.json()) as { entity: { id: string } };
    expect(made.status, JSON.stringify(body)).toBe(201);
    assignmentId = body.entity.id;
    // Live: the badge counts it without a reload, and the panel words it in Russian.
    await student
      .getByTestId('notifications-badge')
      .getByText(/^[1-9]/)
      .waitFor();
    await student.getByTestId('header-notifications').click();
    const item = student.getByTestId('notification-item').filter({ hasText: 'Онлайн-урок: дроби' });
    await item.getByText('Новое задание').waitFor();
    // The drawer slides in: the screenshot waits until it rests at the right edge.
    const panel = student.getByRole('dialog', { name: 'Уведомления' });
    await expect
      .poll(async () => {
        const box = await panel.boundingBox();
        return box ? Math.round(box.x + box.width) : 0;
      })
      .toBe(1280);
    await student.screenshot({ path: screenshotPath('notifications-panel') });
    await item.click();
    await student.waitForURL(`${demo.url}/s/assignments/${assignmentId}`);
  });

  it('shows each the other’s camera, and the teacher ends it for both', async () => {
    const teacher = await demo.signedInPage('teacher', `/t/assignments/webinar/${assignmentId}`);
    await teacher.getByTestId('webinar-self-video').waitFor();
    await teacher.getByTestId('webinar-waiting').waitFor();
    // The student joins from the assignment's own page.
    const student = await demo.signedInPage('student', `/s/assignments/${assignmentId}`);
    await student.getByTestId('webinar-join').click();
    await student.waitForURL(`${demo.url}/s/assignments/${assignmentId}/webinar`);
    await Promise.all([remotePlaying(teacher), remotePlaying(student)]);
    for (const page of [teacher, student]) {
      const width = await page
        .getByTestId('webinar-remote-video')
        .first()
        .evaluate((v) => (v as unknown as { videoWidth: number }).videoWidth);
      expect(width).toBeGreaterThan(0);
    }
    // The student is no moderator; the teacher is.
    expect(await student.getByTestId('webinar-end').count()).toBe(0);
    await teacher.getByText('Участников: 2').waitFor();
    // Each tile names its person: the teacher sees the student's name, the student the teacher's.
    await teacher.getByTestId('webinar-tile-label').filter({ hasText: 'Айгерим Касымова' }).waitFor();
    await student.getByTestId('webinar-tile-label').filter({ hasText: 'Алексей Смирнов' }).waitFor();
    await teacher.screenshot({ path: screenshotPath('webinar-teacher') });
    await student.screenshot({ path: screenshotPath('webinar-student') });
    await student.getByTestId('webinar-camera').click();
    await student.getByRole('button', { name: 'Включить камеру' }).waitFor();

    await teacher.getByTestId('webinar-end').click();
    await teacher.getByTestId('webinar-ended').waitFor();
    await student.getByTestId('webinar-ended').waitFor();
    expect(demo.errors).toEqual([]);
  });

  it('makes a webinar from the assignment form, which the teacher and a student join from their pages', async () => {
    const NAME = 'Вебинар: разбор контрольной';
    const teacher = await demo.signedInPage('teacher', '/t/assignments/create');
    await teacher.getByRole('heading', { level: 1, name: 'Создать задание' }).waitFor();
    await teacher.locator('label', { hasText: /^Вебинар$/ }).click();
    await teacher.getByRole('textbox', { name: 'Название' }).fill(NAME);
    await teacher.getByRole('combobox', { name: 'Класс' }).click();
    await teacher.getByRole('option', { name: /^7 «А»/ }).click();
    // A meeting, not an exam: the proctoring form is not offered.
    expect(await teacher.getByTestId('proctoring-form').count()).toBe(0);
    const created = teacher.waitForResponse(
      (r) => r.url().endsWith('/api/assignments') && r.request().method() === 'POST',
    );
    await teacher.getByTestId('assignment-save').click();
    const response = await created;
    const entity = ((await response.json()) as { entity: Record<string, unknown> }).entity;
    expect(response.status(), JSON.stringify(entity)).toBe(201);
    expect(entity).toMatchObject({ type: 'webinar', name: NAME, is_webinar: true, is_proctoring: false });
    const id = String(entity.id);

    // The teacher joins from the assignment's page; the webinar page has its heading, state and way back.
    await teacher.waitForURL(`${demo.url}/t/assignments/${id}`);
    await teacher.getByRole('link', { name: 'Войти в вебинар' }).click();
    await teacher.waitForURL(`${demo.url}/t/assignments/webinar/${id}`);
    await teacher.getByRole('heading', { level: 1, name: NAME }).waitFor();
    await expect
      .poll(() => teacher.getByTestId('webinar-state').textContent(), { timeout: 30_000 })
      .toBe('Идёт');

    // The student's page offers the webinar, not an attempt with no questions.
    const student = await demo.signedInPage('student', `/s/assignments/${id}`);
    await student.getByTestId('webinar-join').click();
    await student.waitForURL(`${demo.url}/s/assignments/${id}/webinar`);
    expect(await student.getByTestId('go-register').count()).toBe(0);
    await Promise.all([remotePlaying(teacher), remotePlaying(student)]);
    await teacher.getByText('Участников: 2').waitFor();
    await teacher.screenshot({ path: screenshotPath('webinar-from-form-teacher') });

    await student.getByTestId('webinar-back').click();
    await student.waitForURL(`${demo.url}/s/assignments/${id}`);
    expect(await student.getByTestId('go-register').count()).toBe(0);
    await student.getByTestId('webinar-join').waitFor();
  });

  it('says why there is no call, under a heading, with the way back', async () => {
    const other = crypto.randomUUID();
    const page = await demo.signedInPage('teacher', `/t/assignments/webinar/${other}`);
    await page.getByRole('heading', { level: 1, name: 'Вебинар' }).waitFor();
    await page.getByTestId('webinar-unavailable').getByText('У этого задания нет вебинара').waitFor();
    expect(await page.getByTestId('webinar-back').getAttribute('href')).toBe(`/t/assignments/${other}`);
    await page.screenshot({ path: screenshotPath('webinar-unavailable') });
  });
});
