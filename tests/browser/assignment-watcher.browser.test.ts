import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DemoExams } from './support/demo-exam';
import { DemoPlatform, PHONE, screenshotPath } from './support/demo-platform';

/** Seconds between giving the assignment and its start: long enough to see the countdown run. */
const STARTS_IN_S = 20;
/** Well under the room's 60-second poll: a row seen this soon came from the pushed notification. */
const LIVE = { timeout: 10_000 };

/**
 * The student's exam waiting room (/s/assignment-watcher) on the real embedded platform: two tabs of
 * the demo student (a desktop one, and a phone one with 'Открыть автоматически при начале' on) wait
 * while the teacher, through the API, gives them the demo quiz starting in 20 s. The row appears in
 * both without a reload, counts down, turns into 'Начать' with a toast at the start, and the phone
 * tab opens the assignment's register page by itself. Then the teacher suspends, resumes and finishes
 * the whole assignment through the API, and the desktop row follows each within 10 s.
 */
describe('the student’s waiting room', () => {
  const demo = new DemoPlatform();
  const exams = new DemoExams(demo);

  beforeAll(async () => {
    await demo.start();
  });
  afterAll(() => demo.stop());

  /** Opens the room and resolves once the page's realtime socket is authenticated (pushes reach it). */
  async function openRoom(options?: Parameters<DemoPlatform['signedInPage']>[2]): Promise<Page> {
    const room = await demo.signedInPage('student', '/s', options);
    const connected = new Promise<void>((resolve) => {
      room.on('websocket', (socket) =>
        socket.on('framereceived', ({ payload }) => {
          if (String(payload).includes('"connected"')) resolve();
        }),
      );
    });
    // From the home page's small link, as a student finds it.
    await room.getByTestId('watcher-home-link').click();
    await room.waitForURL(`${demo.url}/s/assignment-watcher`);
    await room.getByRole('heading', { name: 'Зал ожидания', level: 1 }).waitFor();
    await connected;
    return room;
  }

  it('shows a new assignment live, counts down, offers Начать at the start and opens it when asked', async () => {
    // The demo quiz is seeded in the background: wait for it while the rooms open.
    const [desk, phone] = await Promise.all([openRoom(), openRoom(PHONE), exams.lookUp()]);
    // Turned on from the keyboard, as a student without a mouse would.
    const autoOpen = phone.getByRole('switch', { name: 'Открыть автоматически при начале' });
    await autoOpen.focus();
    await phone.keyboard.press('Space');
    await expect.poll(() => autoOpen.isChecked()).toBe(true);
    expect(await phone.evaluate('localStorage.getItem("assignment-watcher.auto-open")')).toBe('true');

    const startsAt = new Date(Date.now() + STARTS_IN_S * 1000).toISOString();
    const made = await fetch(`${demo.url}/api/assignments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${exams.teacher}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'quiz',
        quizzes: [await demoQuizId()],
        students: [exams.student.id],
        is_proctoring: true,
        complete_time: 30,
        starting_at_type: 'date',
        starting_at: startsAt,
      }),
    });
    expect(made.status, await made.clone().text()).toBe(201);
    // A quiz assignment takes its name from the quiz.
    const { id, name } = ((await made.json()) as { entity: { id: string; name: string } }).entity;

    const rowIn = (page: Page) => page.locator(`[data-testid="watcher-row"][data-assignment="${id}"]`);
    const deskRow = rowIn(desk);
    await deskRow.waitFor(LIVE);
    await rowIn(phone).waitFor(LIVE);
    await expect.poll(() => deskRow.getAttribute('data-status')).toBe('remaining');
    await expect.poll(() => deskRow.getByTestId('watcher-attempt').textContent()).toBe('Не начато');
    await deskRow.getByText('С прокторингом').waitFor();
    // The countdown runs: two readings a little apart differ, both about the 20 s given (a little over: the
    // page's clock ticks once a second, later on a loaded machine, so the time it counts from may be old).
    const countdown = deskRow.getByTestId('watcher-countdown');
    const first = await countdown.textContent();
    expect(first).toMatch(/^00:(0\d|1\d|2[0-3])$/);
    await expect.poll(() => countdown.textContent(), { timeout: 10_000 }).not.toBe(first);
    await expect.poll(() => deskRow.getByTestId('watcher-action').getAttribute('data-kind')).toBe('open');
    await desk.screenshot({ path: screenshotPath('assignment-watcher') });
    await phone.screenshot({ path: screenshotPath('assignment-watcher-phone'), fullPage: true });

    const start = { timeout: (STARTS_IN_S + 5) * 1000 };
    await Promise.all([
      (async () => {
        const action = deskRow.getByRole('link', { name: `Начать задание «${name}»` });
        await action.waitFor(start);
        expect(await action.textContent()).toBe('Начать');
        expect(await action.getAttribute('href')).toBe(`/s/assignments/${id}/register`);
        await desk.getByText('Задание началось').waitFor();
        await expect
          .poll(() => desk.getByTestId('watcher-announcement').textContent())
          .toContain(`«${name}» началось`);
        // Still here: this tab did not ask to be taken to the assignment.
        expect(desk.url()).toBe(`${demo.url}/s/assignment-watcher`);
        // In English and Kazakh too.
        const switcher = desk.getByTestId('language-switcher');
        await switcher.getByText('EN', { exact: true }).click();
        await desk.getByRole('heading', { name: 'Waiting room', level: 1 }).waitFor();
        await deskRow.getByRole('link', { name: `Start the assignment “${name}”` }).waitFor();
        await deskRow.getByText('Not started').waitFor();
        await switcher.getByText('KZ', { exact: true }).click();
        await desk.getByRole('heading', { name: 'Күту залы', level: 1 }).waitFor();
        await deskRow.getByRole('link', { name: `«${name}» тапсырмасын бастау` }).waitFor();
      })(),
      phone.waitForURL(`${demo.url}/s/assignments/${id}/register`, start),
    ]);
    await phone.getByRole('heading', { name: 'Подготовка к заданию', level: 1 }).waitFor();

    // The teacher acts on the whole assignment: each reaches the open room as a pushed notification.
    const teacherDoes = async (action: 'suspend' | 'resume' | 'finish') => {
      const answer = await fetch(`${demo.url}/api/assignments/${id}/${action}.json`, {
        method: 'POST',
        headers: { authorization: `Bearer ${exams.teacher}` },
      });
      expect(answer.status, await answer.clone().text()).toBe(200);
    };
    const status = () => deskRow.getAttribute('data-status');
    await teacherDoes('suspend');
    await expect.poll(status, LIVE).toBe('suspended');
    // The room is in Kazakh by now: the bell's panel words the stored notification so.
    await desk.getByTestId('header-notifications').click();
    await desk
      .getByTestId('notification-item')
      .filter({ hasText: 'Тапсырма тоқтатыла тұрды' })
      .filter({ hasText: name })
      .waitFor(LIVE);
    await desk.screenshot({ path: screenshotPath('assignment-watcher-suspended') });
    await desk.keyboard.press('Escape');
    await teacherDoes('resume');
    await expect.poll(status, LIVE).toBe('process');
    await teacherDoes('finish');
    // A finished assignment leaves the room.
    await deskRow.waitFor({ state: 'detached', ...LIVE });
    expect(demo.errors).toEqual([]);
  });

  /** The demo quiz's id (the one DemoExams waited for), as the teacher reads it. */
  async function demoQuizId(): Promise<string> {
    const answer = await demo.getAs(exams.teacher, '/api/quiz?limit=100');
    const listed = (await answer.json()) as { entities: { id: string; name: string }[] };
    const quiz = listed.entities.find((q) => q.name === 'Проверочная работа: основы');
    if (!quiz) throw new Error(`no demo quiz in ${JSON.stringify(listed.entities.map((q) => q.name))}`);
    return quiz.id;
  }
});
