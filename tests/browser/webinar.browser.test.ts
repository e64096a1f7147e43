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
    await teacher.screenshot({ path: screenshotPath('webinar-teacher') });
    await student.screenshot({ path: screenshotPath('webinar-student') });
    await student.getByTestId('webinar-camera').click();
    await student.getByRole('button', { name: 'Включить камеру' }).waitFor();

    await teacher.getByTestId('webinar-end').click();
    await teacher.getByTestId('webinar-ended').waitFor();
    await student.getByTestId('webinar-ended').waitFor();
    expect(demo.errors).toEqual([]);
  });
});
