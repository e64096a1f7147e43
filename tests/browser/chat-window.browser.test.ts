import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { DemoPlatform, screenshotPath, seedTokensScript } from './support/demo-platform';
import { openChats, openLiveChat } from './support/chat-modal';

/**
 * The chat window's longer conversations (001 §2 "Chat modal", docs/chat.md "The web app"): a class chat
 * of 30 messages opens on its newest page and loads the older one as the reader scrolls up; a reply
 * names the message it answers; a file from the media library goes with a message through the picker,
 * and the class's student may open it. The info window says when an offline participant was last active,
 * and a chat group whose chat the server does not have shows 'label-chat-not-support'.
 */
describe('the chat window', () => {
  const demo = new DemoPlatform();
  beforeAll(async () => {
    await demo.start();
  });
  afterAll(() => demo.stop());

  type Message = { id: string; message: string | null; parent_id: string | null; media_id: string | null };
  const callAs = async (token: string, method: string, pathname: string, body?: object) => {
    const response = await fetch(`${demo.url}${pathname}`, {
      method,
      redirect: 'manual',
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return response;
  };

  it('pages older messages upwards, replies, and attaches a file from the library', async () => {
    const teacherToken = (await demo.tokensOf('teacher')).access_token!;
    const studentToken = (await demo.tokensOf('student')).access_token!;
    const groups = (await (await callAs(teacherToken, 'GET', '/api/chats?type=group')).json()) as {
      entities: { data: { id: string; name: string }[] };
    };
    const chatId = groups.entities.data.find((c) => c.name === '7 «А»')!.id;
    // 30 messages, the teacher's and the student's in turn (each under the posting limit of 20 in 30 s).
    for (let n = 0; n < 30; n += 1) {
      const posted = await callAs(n % 2 ? studentToken : teacherToken, 'POST', '/api/chat-messages', {
        chat_id: chatId,
        message: `Сообщение №${n}`,
      });
      expect(posted.status).toBe(201);
    }

    const page = await demo.signedInPage('teacher', '/t');
    const modal = await openLiveChat(page, '7 «А»');
    const texts = modal.getByTestId('chat-message-text');
    // The newest page (25) first, with the way to the older one; the oldest message not yet there.
    await texts.filter({ hasText: /^Сообщение №29$/ }).waitFor();
    await modal.getByRole('button', { name: 'Загрузить ранние сообщения' }).waitFor();
    expect(await texts.filter({ hasText: /^Сообщение №0$/ }).count()).toBe(0);
    // Scrolling to the top loads the older page: every message once, none missing.
    await modal
      .locator('[data-testid="chat-messages"] .mantine-ScrollArea-viewport')
      .evaluate((viewport) => viewport.scrollTo({ top: 0 }));
    await texts.filter({ hasText: /^Сообщение №0$/ }).waitFor();
    await modal.getByRole('button', { name: 'Загрузить ранние сообщения' }).waitFor({ state: 'hidden' });
    for (let n = 0; n < 30; n += 1)
      expect(await texts.filter({ hasText: new RegExp(`^Сообщение №${n}$`) }).count()).toBe(1);

    // A reply to the newest message: the reply bar names it, and the reply shows it above its text.
    await modal
      .getByTestId('chat-message')
      .filter({ hasText: /Сообщение №29/ })
      .getByRole('button', { name: 'Ответить' })
      .click();
    await modal.getByTestId('chat-reply-bar').getByText('Ответ на: Сообщение №29').waitFor();
    await modal.getByTestId('chat-input').fill('Отвечаю на двадцать девятое');
    await modal.getByTestId('chat-input').press('Enter');
    const reply = modal.getByTestId('chat-message').filter({ hasText: 'Отвечаю на двадцать девятое' });
    await reply.getByText('Сообщение №29').waitFor();
    await modal.getByTestId('chat-reply-bar').waitFor({ state: 'hidden' });

    // A file from the library through the picker: uploaded there, chosen, and sent with the message.
    await modal.getByTestId('chat-attach').click();
    const picker = page.getByRole('dialog', { name: 'Прикрепить файл' });
    await picker.locator('input[type="file"]').setInputFiles({
      name: 'конспект.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Дроби: числитель и знаменатель.\n'),
    });
    await picker.getByTestId('picker-chosen').getByText('Выбран: конспект.txt').waitFor();
    await picker.getByTestId('picker-select').click();
    await picker.waitFor({ state: 'hidden' });
    await modal.getByTestId('chat-attachment-bar').getByText('Вложение: конспект.txt').waitFor();
    await modal.getByTestId('chat-input').fill('Материал к уроку');
    await modal.getByTestId('chat-input').press('Enter');
    const withFile = modal.getByTestId('chat-message').filter({ hasText: 'Материал к уроку' });
    await withFile
      .getByTestId('chat-message-attachment')
      .getByText(/конспект\.txt/)
      .waitFor();
    await page.screenshot({ path: screenshotPath('chat-reply-attachment') });

    // The info window: the student signed in through the API only (no socket) is offline, and their row
    // says when they were last active; somebody never active gets no such line.
    type Person = { id: string; is_online: boolean; last_activity_date: string | null };
    const details = (await (await callAs(teacherToken, 'GET', `/api/chats/${chatId}`)).json()) as {
      entity: { participants: Person[] };
    };
    const seen = details.entity.participants.filter((p) => !p.is_online && p.last_activity_date !== null);
    expect(seen.length).toBeGreaterThan(0);
    await modal.getByTestId('chat-participants-toggle').click();
    const info = page.getByTestId('chat-info');
    for (const person of seen) {
      const row = info.getByTestId(`chat-participant-${person.id}`);
      await expect.poll(() => row.getByTestId('chat-last-seen').textContent()).toMatch(/^был\(а\) в сети /);
    }
    for (const person of details.entity.participants.filter((p) => p.last_activity_date === null))
      expect(
        await info.getByTestId(`chat-participant-${person.id}`).getByTestId('chat-last-seen').count(),
      ).toBe(0);
    await page.screenshot({ path: screenshotPath('chat-last-seen') });
    await modal.getByTestId('chat-participants-toggle').click();

    // What the class's student reads: the reply names its parent, and the file opens for them.
    const newest = (await (
      await callAs(studentToken, 'GET', `/api/chat-messages?chat_id=${chatId}&limit=2`)
    ).json()) as { entities: { data: Message[] } };
    const [sent, answer] = newest.entities.data;
    expect(sent).toMatchObject({ message: 'Материал к уроку' });
    expect(answer).toMatchObject({ message: 'Отвечаю на двадцать девятое' });
    const page1 = (await (
      await callAs(studentToken, 'GET', `/api/chat-messages?chat_id=${chatId}&limit=25`)
    ).json()) as { entities: { data: Message[] } };
    const parent = page1.entities.data.find((m) => m.message === 'Сообщение №29')!;
    expect(answer!.parent_id).toBe(parent.id);
    const opened = await callAs(studentToken, 'GET', `/api/media/${sent!.media_id}/view`);
    expect(opened.status).toBe(302);
  }, 240_000);

  it("shows 'label-chat-not-support' for a chat group whose chat the server does not have", async () => {
    // The group list as the server answers it, plus one group with no chat behind it: opening it asks
    // the real server for that chat, which answers 404.
    const missing = randomUUID();
    const page = await demo.newPage();
    await page.route(/\/api\/chats\?.*type=group/, async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as { entities: { data: object[] } };
      body.entities.data.push({ id: missing, name: 'Группа без чата', unread_count: 0 });
      await route.fulfill({ response: answer, json: body });
    });
    await page.addInitScript(seedTokensScript(await demo.tokensOf('student')));
    await page.goto(`${demo.url}/s`);
    const modal = await openChats(page);
    await modal.getByText('Группа без чата').click();
    await modal.getByTestId('chat-not-supported').getByText('В этой группе нет чата').waitFor();
    expect(await modal.getByTestId('chat-input').count()).toBe(0);
  }, 120_000);
});
