import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DemoPlatform, screenshotPath } from './support/demo-platform';
import { openChats } from './support/chat-modal';

/**
 * The chat modal (001 §2) between the demo teacher and a demo student of the class 7 «А»: both open the
 * class's chat from the header; the student's typing shows on the teacher's side, Enter posts, the
 * message appears on both sides once; with the modal closed, the teacher gets a toast and the header's
 * unread badge. Markup typed into a message shows as text. An edit and a deletion show in the other's
 * open window at once.
 */
describe('the chat modal', () => {
  const demo = new DemoPlatform();
  beforeAll(async () => {
    await demo.start();
  });
  afterAll(() => demo.stop());

  const openClassChat = async (page: Page) => {
    const modal = await openChats(page);
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

    // The student edits their own message; the teacher's window shows the edit when opened again.
    const own = studentChat.getByTestId('chat-message').filter({ hasText: 'Спасибо, разобралась' });
    await own.getByTestId('chat-message-edit').click();
    await studentChat.getByTestId('chat-edit-input').fill('Спасибо, всё понятно');
    await studentChat.getByTestId('chat-edit-save').click();
    await studentChat
      .getByTestId('chat-message')
      .filter({ hasText: 'Спасибо, всё понятно' })
      .getByText(/изменено/)
      .waitFor();

    // The teacher's info window: the participants with their online state; the student is online.
    const again = await openClassChat(teacher);
    await again.getByTestId('chat-message-text').filter({ hasText: 'Спасибо, всё понятно' }).waitFor();
    await again.getByTestId('chat-participants-toggle').click();
    const info = teacher.getByTestId('chat-info');
    const studentRow = info
      .locator('[data-testid^="chat-participant-"]')
      .filter({ has: teacher.locator('[data-online="true"]') })
      .filter({ has: teacher.getByTestId('chat-write') })
      .first();
    await studentRow.waitFor();
    await teacher.screenshot({ path: screenshotPath('chat-info') });
    // A teacher mutes a student and unmutes them again.
    await studentRow.getByTestId('chat-mute').click();
    await studentRow.getByText(/отключён/).waitFor();
    await studentRow.getByTestId('chat-mute').click();
    await expect.poll(() => studentRow.textContent()).not.toMatch(/отключён/);
    // The toggle closes the info window (Escape would close the modal too).
    await again.getByTestId('chat-participants-toggle').click();
    await info.waitFor({ state: 'hidden' });

    // Live: the student edits their first message while the teacher's window is open; it changes there
    // at once, with no reload (the edit-message push).
    const edited = 'Здравствуйте! Вопрос по дробям и процентам';
    await studentChat
      .getByTestId('chat-message')
      .filter({ hasText: text })
      .getByTestId('chat-message-edit')
      .click();
    await studentChat.getByTestId('chat-edit-input').fill(edited);
    await studentChat.getByTestId('chat-edit-save').click();
    await again
      .getByTestId('chat-message')
      .filter({ hasText: edited })
      .getByText(/изменено/)
      .waitFor();
    expect(await again.getByTestId('chat-message-text').filter({ hasText: text }).count()).toBe(0);

    // Moderation: the teacher deletes the student's message; it keeps its place with no text.
    await again
      .getByTestId('chat-message')
      .filter({ hasText: 'Спасибо, всё понятно' })
      .getByTestId('chat-message-delete')
      .click();
    await again.getByTestId('chat-message-text').filter({ hasText: 'Сообщение удалено' }).first().waitFor();
    expect(
      await again.getByTestId('chat-message-text').filter({ hasText: 'Спасибо, всё понятно' }).count(),
    ).toBe(0);
    await teacher.screenshot({ path: screenshotPath('chat-moderation') });
    // The deletion reaches the student's open window at once too (the delete-message push).
    await expect
      .poll(() =>
        studentChat.getByTestId('chat-message-text').filter({ hasText: 'Спасибо, всё понятно' }).count(),
      )
      .toBe(0);
    await studentChat
      .getByTestId('chat-message-text')
      .filter({ hasText: 'Сообщение удалено' })
      .first()
      .waitFor();
    await studentChat
      .getByTestId('chat-message')
      .filter({ hasText: edited })
      .getByText(/изменено/)
      .waitFor();
    await student.screenshot({ path: screenshotPath('chat-edited-deleted') });

    // A personal chat from the participants' list: it opens, and its message reaches the student.
    await again.getByTestId('chat-participants-toggle').click();
    await studentRow.getByTestId('chat-write').click();
    // The new (empty) personal window, not the class's, takes the message.
    await again.getByText('Сообщений пока нет').waitFor();
    await again.getByTestId('chat-input').fill('Зайдите после урока, пожалуйста');
    await again.getByTestId('chat-input').press('Enter');
    await again.getByTestId('chat-message-text').filter({ hasText: 'Зайдите после урока' }).waitFor();
    await again
      .getByTestId('chat-groups')
      .getByText(/Зайдите после урока/)
      .waitFor();
    await teacher.screenshot({ path: screenshotPath('chat-personal') });

    // On a phone the list and the window take turns; the menu button goes back to the list.
    await student.setViewportSize({ width: 390, height: 800 });
    const phoneChat = student.getByRole('dialog', { name: 'Чаты' });
    await phoneChat.getByTestId('chat-menu').click();
    await phoneChat.getByTestId('chat-groups').waitFor();
    await phoneChat.getByText('Личные сообщения').waitFor();
    await student.screenshot({ path: screenshotPath('chat-mobile-list') });
  });
});
