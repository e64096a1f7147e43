import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoPlatform, screenshotPath } from './support/demo-platform';
import { openLiveChat } from './support/chat-modal';

/**
 * A class chat's "joined" and "left" lines arrive live (docs/chat.md "The channels"): the demo student
 * has the 7 «А» chat open while the school's manager enrols a new student in the class and later takes
 * them out again. Without a reload the student's window shows '… присоединяется к чату' and then
 * '… покидает чат', named after the newcomer (who was not among the participants the window read when
 * it opened), and the newcomer's own message in between under their name; the info window lists them
 * while they take part. The lines are nobody's news: the demo teacher, with the modal closed, gets no
 * toast and no unread count for them, only for the messages.
 */
describe('the "joined" and "left" lines of a class chat', () => {
  const demo = new DemoPlatform();
  beforeAll(async () => {
    await demo.start();
  });
  afterAll(() => demo.stop());

  const callAs = async <T>(token: string, method: string, pathname: string, body?: object) => {
    const response = await fetch(`${demo.url}${pathname}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json().catch(() => null)) as T };
  };

  it('shows both lines in an open window at once, with no toast and no unread count', async () => {
    const manager = (await demo.tokensOf('manager')).access_token!;
    const studentToken = (await demo.tokensOf('student')).access_token!;
    const classes = await callAs<{ entities: { id: string; name: string; students: string[] }[] }>(
      manager,
      'GET',
      '/api/classes',
    );
    const demoClass = classes.body.entities.find((c) => c.name === '7 «А»')!;
    const chats = await callAs<{ entities: { data: { id: string; name: string }[] } }>(
      studentToken,
      'GET',
      '/api/chats?type=group',
    );
    const chatId = chats.body.entities.data.find((c) => c.name === '7 «А»')!.id;
    const created = await callAs<{ entity: { id: string } }>(manager, 'POST', '/api/students', {
      username: 'chat.newcomer',
      password: 'Secret123',
      firstname: 'Данияр',
      lastname: 'Сейткали',
    });
    expect(created.status).toBe(201);
    const newcomer = created.body.entity.id;
    // The chat names people "lastname firstname" (the message's user, docs/chat.md).
    const name = 'Сейткали Данияр';
    const post = async (token: string, message: string) =>
      expect((await callAs(token, 'POST', '/api/chat-messages', { chat_id: chatId, message })).status).toBe(
        201,
      );

    const student = await demo.signedInPage('student', '/s');
    const teacher = await demo.signedInPage('teacher', '/t');
    const modal = await openLiveChat(student, '7 «А»');
    const lines = modal.getByTestId('chat-service-line');
    // The chat's own "joined" lines of its first people are there from the start.
    await lines.first().waitFor();
    // Set on this document only: still there at the end means the page was never reloaded.
    await student.evaluate('window.__sameDocument = true');

    const enrol = async (students: string[]) =>
      expect((await callAs(manager, 'PUT', `/api/classes/${demoClass.id}`, { students })).status).toBe(200);
    // The info window lists the newcomer after their "joined" line, and no longer after their "left" one.
    const newcomerInInfo = async (state: 'visible' | 'detached') => {
      await modal.getByTestId('chat-participants-toggle').click();
      const info = student.getByTestId('chat-info');
      await info.waitFor();
      await info.getByTestId(`chat-participant-${newcomer}`).waitFor({ state });
      await modal.getByTestId('chat-participants-toggle').click();
      await info.waitFor({ state: 'hidden' });
    };
    await enrol([...demoClass.students, newcomer]);
    await lines.filter({ hasText: `${name} присоединяется к чату` }).waitFor();
    await newcomerInInfo('visible');
    // The newcomer writes: the window, which read its participants before they came, names them.
    await post(
      (await demo.tokensOf('chat.newcomer', 'Secret123')).access_token!,
      'Здравствуйте, я новенький',
    );
    await modal
      .getByTestId('chat-message')
      .filter({ hasText: 'Здравствуйте, я новенький' })
      .getByText(name, { exact: true })
      .waitFor();
    await enrol(demoClass.students);
    await lines.filter({ hasText: `${name} покидает чат` }).waitFor();
    await newcomerInInfo('detached');
    // Each once, in that order, as the newest lines of the window.
    const texts = await lines.allTextContents();
    expect(texts.filter((t) => t.startsWith(name))).toEqual([
      `${name} присоединяется к чату`,
      `${name} покидает чат`,
    ]);
    expect(texts.at(-1)).toBe(`${name} покидает чат`);
    expect(await student.evaluate('window.__sameDocument')).toBe(true);
    // The pointer leaves the info toggle, so its tooltip is not in the picture.
    await student.mouse.move(600, 400);
    await student.getByRole('tooltip').waitFor({ state: 'hidden' });
    await modal.screenshot({ path: screenshotPath('chat-joined-left') });

    // A message of the student after the lines: the teacher's socket hears of the chat's messages in
    // order, so once its toast shows, any toast the lines had made would have shown too. The teacher,
    // with the modal closed, was told of the two messages only, and counts those two as unread.
    await post(studentToken, 'Всем привет');
    const toasts = teacher.locator('.mantine-Notification-root');
    await toasts.filter({ hasText: 'Всем привет' }).waitFor();
    expect(await toasts.filter({ hasNotText: /Всем привет|Здравствуйте, я новенький/ }).count()).toBe(0);
    await expect
      .poll(() => teacher.getByTestId('chat-unread').locator('.mantine-Indicator-indicator').textContent())
      .toBe('2');
    // The student, whose window is open on the chat, has neither a toast nor a count of the lines.
    expect(await student.locator('.mantine-Notification-root').count()).toBe(0);
    await expect
      .poll(() => student.getByTestId('chat-unread').locator('.mantine-Indicator-indicator').count())
      .toBe(0);
    expect(demo.errors).toEqual([]);
  }, 180_000);
});
