import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoExams } from './support/demo-exam';
import { DemoPlatform, screenshotPath } from './support/demo-platform';
import { composeCameraFilm, useFakeCapture } from './support/fake-camera';

const POLL = { timeout: 30_000, interval: 500 };
const repoRoot = path.resolve(import.meta.dirname, '../..');

/** Takes the identification photo until one is accepted (the film shows one face throughout). */
async function takePhoto(page: Page): Promise<void> {
  const step = page.getByTestId('identity-photo');
  for (let tries = 0; tries < 10; tries += 1) {
    const checked = Number(await step.getAttribute('data-checks'));
    await page.getByTestId('photo-take').click();
    await expect.poll(async () => Number(await step.getAttribute('data-checks')), POLL).toBe(checked + 1);
    if (!(await page.getByTestId('photo-refused').isVisible())) return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error('no identification photo was accepted');
}

/**
 * A proctor writes to a student during a proctored exam through the chat (docs/chat.md "During an
 * exam"): the proctor opens the personal chat from the grid's 'Написать', the student, in focus mode,
 * gets the toast and the badge of 'Сообщения от проктора', reads the message there and answers; the
 * answer reaches the proctor's chat window.
 */
describe("a proctor's messages in the exam's focus mode", () => {
  const demo = new DemoPlatform();
  const exams = new DemoExams(demo);

  beforeAll(async () => {
    useFakeCapture({
      camera: composeCameraFilm(path.join(repoRoot, '.tmp/exam-chat-camera'), [
        { picture: 'astronaut', seconds: 30 },
      ]),
    });
    await demo.start();
  });
  afterAll(() => demo.stop());

  it('the proctor writes, the student reads it in focus mode and replies', async () => {
    const assignment = await exams.create('Экзамен с сообщениями проктора', {});
    const student = await demo.signedInPage('student', `/s/assignments/${assignment.id}/register`);
    await student.getByTestId('proctoring-consent').check();
    const check = student.getByTestId('equipment-check');
    await check.waitFor();
    for (const item of ['camera', 'microphone']) {
      await check.locator(`[data-testid="check-${item}"][data-state="passed"]`).waitFor(POLL);
    }
    if (await student.getByTestId('check-screen-run').isVisible()) {
      await student.getByTestId('check-screen-run').click();
      await check.locator('[data-testid="check-screen"][data-state="passed"]').waitFor(POLL);
    }
    await takePhoto(student);
    await expect.poll(() => student.getByTestId('start-attempt').isDisabled(), POLL).toBe(false);
    await student.getByTestId('start-attempt').click();
    await student.waitForURL(`${demo.url}/s/assignments/${assignment.id}`);
    await student.getByTestId('attempt-runner').waitFor(POLL);
    expect(await student.getByTestId('header-chat').count()).toBe(0);
    // Before any watcher writes, the window says so and shows no other chat.
    await student.getByTestId('proctor-messages').click();
    await student.getByTestId('proctor-messages-empty').waitFor(POLL);
    await student.keyboard.press('Escape');
    await student.getByTestId('proctor-messages-empty').waitFor({ state: 'hidden' });

    const proctor = await demo.signedInPage('proctor', `/p/assignments/${assignment.id}`);
    await proctor.getByTestId(`chat-with-${exams.student.id}`).click();
    const modal = proctor.getByTestId('chat-modal');
    await modal.getByTestId('chat-input').waitFor(POLL);
    await modal.getByTestId('chat-input').fill('Повернитесь, пожалуйста, к камере');
    await modal.getByTestId('chat-input').press('Enter');

    // The student: a toast and the badge, then the message in the focus mode's window.
    await student.getByTestId('proctor-message-toast').waitFor(POLL);
    await expect.poll(() => student.getByTestId('proctor-unread').textContent(), POLL).toContain('1');
    await student.getByTestId('proctor-messages').click();
    const drawer = student.getByTestId('proctor-messages-drawer');
    // The toast goes as the window opens: it would cover the composer.
    await student.getByTestId('proctor-message-toast').waitFor({ state: 'hidden', ...POLL });
    await drawer
      .getByTestId('chat-message-text')
      .filter({ hasText: 'Повернитесь, пожалуйста, к камере' })
      .waitFor(POLL);
    await drawer.getByTestId('chat-input').fill('Хорошо, повернулась');
    await drawer.getByTestId('chat-input').press('Enter');
    await drawer.getByTestId('chat-message-text').filter({ hasText: 'Хорошо, повернулась' }).waitFor(POLL);
    await student.screenshot({ path: screenshotPath('exam-proctor-messages') });
    // Still the exam's focus mode, and still no way to the rest of the chat.
    expect(await student.getByTestId('main-layout').getAttribute('data-focus')).toBe('true');
    expect(await student.getByTestId('chat-groups').count()).toBe(0);

    await modal.getByTestId('chat-message-text').filter({ hasText: 'Хорошо, повернулась' }).waitFor(POLL);
  });
});
