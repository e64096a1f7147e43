import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoUserId } from '../../services/src/contexts/identity/seed';
import { addChromiumArgs } from './support/chromium';
import { DemoPlatform, screenshotPath } from './support/demo-platform';

/**
 * A webinar on the server's SFU (type sfu) in two Chromium pages on the fake camera and microphone:
 * each page has one peer connection to the api process, publishes its camera and plays the other's,
 * forwarded by the server (a decoded frame, videoWidth > 0, and its time advancing).
 */
describe('a webinar on the SFU between a teacher and a student', () => {
  const demo = new DemoPlatform();

  beforeAll(async () => {
    addChromiumArgs('--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream');
    await demo.start();
  });
  afterAll(() => demo.stop());

  /** The remote tile's decoded size and playback time (typed by hand: these tests compile without the DOM's types). */
  const remote = (page: Page) =>
    page
      .getByTestId('webinar-remote-video')
      .first()
      .evaluate((v) => {
        const video = v as unknown as { videoWidth: number; currentTime: number; paused: boolean };
        return { width: video.videoWidth, time: video.currentTime, paused: video.paused };
      });

  const playing = async (page: Page) => {
    await expect
      .poll(async () => (await page.getByTestId('webinar-remote-video').count()) > 0, { timeout: 30_000 })
      .toBe(true);
    await expect.poll(async () => (await remote(page)).width, { timeout: 30_000 }).toBeGreaterThan(0);
    const first = await remote(page);
    await expect.poll(async () => (await remote(page)).time, { timeout: 30_000 }).toBeGreaterThan(first.time);
    expect((await remote(page)).paused).toBe(false);
  };

  it('shows each the other’s camera through the server', async () => {
    const teacherTokens = await demo.tokensOf('teacher');
    const headers = {
      authorization: `Bearer ${teacherTokens.access_token}`,
      'content-type': 'application/json',
    };
    const made = await fetch(`${demo.url}/api/assignments`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        type: 'webinar',
        name: 'Лекция для параллели',
        is_webinar: true,
        is_proctoring: false,
        students: [demoUserId('student')],
      }),
    });
    const assignment = ((await made.json()) as { entity: { id: string } }).entity;
    expect(made.status).toBe(201);
    const webinar = (await (
      await fetch(`${demo.url}/api/assignments/${assignment.id}/webinar.json`, { headers })
    ).json()) as { entity: { id: string; type: string } };
    expect(webinar.entity.type).toBe('mesh');
    // The teacher moves it to the SFU (a class larger than 8 would be on it anyway).
    const moved = await fetch(`${demo.url}/api/webinars/${webinar.entity.id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ type: 'sfu' }),
    });
    expect(((await moved.json()) as { entity: { type: string } }).entity.type).toBe('sfu');

    const teacher = await demo.signedInPage('teacher', `/t/assignments/webinar/${assignment.id}`);
    await teacher.getByTestId('webinar-self-video').waitFor();
    const student = await demo.signedInPage('student', `/s/assignments/${assignment.id}/webinar`);
    await student.getByTestId('webinar-self-video').waitFor();
    await Promise.all([playing(teacher), playing(student)]);
    await teacher.getByText('Участников: 2').waitFor();
    expect(await teacher.getByTestId('webinar-via-server').textContent()).toContain('через сервер');
    // The server's stream owners carry user ids: the tile names the student.
    await teacher.getByTestId('webinar-tile-label').filter({ hasText: 'Айгерим Касымова' }).waitFor();
    await teacher.screenshot({ path: screenshotPath('webinar-sfu-teacher') });

    await student.getByTestId('webinar-leave').click();
    await expect.poll(() => teacher.getByTestId('webinar-remote-video').count(), { timeout: 30_000 }).toBe(0);
    expect(demo.errors).toEqual([]);
  });
});
