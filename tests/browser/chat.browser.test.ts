import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DemoPlatform, screenshotPath } from './support/demo-platform';

/**
 * The chat modal (001 §2) between the demo teacher and a demo student of the class 7 «А»: both open the
 * class's chat from the header; the student's typing shows on the teacher's side, Enter posts, the
 * message appears on both sides once; with the modal closed, the teacher gets a toast and the header's
 * unread badge. Markup typed into a message shows as text.
 */
describe('the chat modal', () => {
  const demo = new DemoPlatform();
  beforeAll(async () => {
    await demo.start();
  });
  afterAll(() => demo.stop());

  const openClassChat = async (page: Page) => {
    await page.getByTestId('header-chat').click();
    const modal = page.getByRole('dialog', { name: 'Чаты' });
    await modal.getByText('7 «А»').first().click();
    await modal.getByTestId('chat-input').waitFor();
    // Typing is passed on only between sockets already listening to the chat.
    await modal.locator('[data-testid="chat-messages"][data-channel-state="live"]').waitFor();
    return modal;
  };

  it('lets a teacher and a student talk, with the typing indicator and the toast', async () => {
    const teacher = await demo.signedInPage('teacher', '/t');
    const student = await demo.signedInPage('student', '/s');
    const teacherChat = await openClassChat(teacher);
    const studentChat = await openClassChat(student);

    // Typing shows on the other side while the student types.
    await studentChat.getByTestId('chat-input').pressSequentially('Здравствуйте! Вопрос по <b>дробям</b>', {
      delay: 20,
    });
    await teacherChat
      .getByTestId('chat-typing')
      .getByText(/печатает/)
      .waitFor();
    await teacher.screenshot({ path: screenshotPath('chat-typing') });
    await studentChat.getByTestId('chat-input').press('Enter');
    const text = 'Здравствуйте! Вопрос по <b>дробям</b>';
    for (const chat of [teacherChat, studentChat])
      await chat.getByTestId('chat-message-text').filter({ hasText: text }).waitFor();
    // Once on each side, and as text: the tag is shown, not applied.
    expect(await teacherChat.getByTestId('chat-message-text').filter({ hasText: text }).count()).toBe(1);
    expect(await teacherChat.locator('[data-testid="chat-message-text"] b').count()).toBe(0);
    // The typing line clears when the message arrives (or 3 s after the last key).
    await expect.poll(() => teacherChat.getByTestId('chat-typing').textContent()).toBe('');

    await teacherChat.getByTestId('chat-input').fill('Слушаю вас');
    await teacherChat.getByTestId('chat-input').press('Enter');
    await studentChat.getByTestId('chat-message-text').filter({ hasText: 'Слушаю вас' }).waitFor();
    // The group list follows: its preview is the newest message.
    await studentChat
      .getByTestId('chat-groups')
      .getByText(/Слушаю вас/)
      .waitFor();
    await student.screenshot({ path: screenshotPath('chat-modal') });

    // The teacher closes the modal; the student's next message comes as a toast and a badge.
    await teacher.keyboard.press('Escape');
    await teacherChat.waitFor({ state: 'hidden' });
    await studentChat.getByTestId('chat-input').fill('Спасибо, разобралась');
    await studentChat.getByTestId('chat-input').press('Enter');
    await teacher.locator('.mantine-Notification-root', { hasText: 'Спасибо, разобралась' }).waitFor();
    await teacher
      .getByTestId('chat-unread')
      .getByText(/^[1-9]/)
      .waitFor();
    await teacher.screenshot({ path: screenshotPath('chat-toast') });
  });
});
