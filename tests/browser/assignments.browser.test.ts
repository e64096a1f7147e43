import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoPlatform, PHONE, screenshotPath, seedTokensScript } from './support/demo-platform';
import { composeCameraFilm, useFakeCapture } from './support/fake-camera';

const QUIZ = 'Проверочная работа: основы';
/** A loaded machine may take seconds to load a screen: polls wait longer than vitest's 1 s default. */
const POLL = { timeout: 20_000 };

/** Picks an option of a Mantine select or multi-select by the input's label. */
async function pick(page: Page, label: string | RegExp, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/**
 * The proctored exam's equipment check and identification photo (docs/web.md, the exam client), on
 * Chromium's fake camera, microphone and screen: what a student does before the start button opens.
 */
async function passEquipmentCheck(page: Page): Promise<void> {
  const check = page.getByTestId('equipment-check');
  await check.waitFor(POLL);
  for (const item of ['camera', 'microphone', 'displays', 'resolution']) {
    await check.locator(`[data-testid="check-${item}"][data-state="passed"]`).waitFor(POLL);
  }
  // Sharing the screen needs a click (a user gesture).
  await page.getByTestId('check-screen-run').click();
  await check.locator('[data-testid="check-screen"][data-state="passed"]').waitFor(POLL);
  await page.getByTestId('photo-take').click();
  await page.getByTestId('identity-photo-taken').waitFor(POLL);
}

/**
 * The teacher gives a demo quiz to class 7 «А», the student takes it and finishes, the teacher sees
 * and reviews the result: the screens of docs/web.md's assignments sections against the real platform.
 */
describe('an assignment from creation to result', () => {
  const demo = new DemoPlatform();
  let assignmentUrl = '';

  beforeAll(async () => {
    // The assignment is proctored: the student's browser shares a fake camera, microphone and screen.
    // The camera shows one face (the identification photo is refused without exactly one).
    const film = path.resolve(import.meta.dirname, '../../.tmp/assignments-camera');
    useFakeCapture({ camera: composeCameraFilm(film, [{ picture: 'astronaut', seconds: 5 }]) });
    await demo.start();
  });
  afterAll(() => demo.stop());

  it('the teacher creates a quiz assignment for 7 «А» with the settings and proctoring forms', async () => {
    const page = await demo.signedInPage('teacher', '/t/assignments');
    await page.getByRole('heading', { level: 1, name: 'Задания' }).waitFor();
    await page.getByTestId('records-empty').waitFor();
    await page.getByRole('toolbar').getByRole('link', { name: 'Создать задание' }).click();
    await page.waitForURL(`${demo.url}/t/assignments/create`);
    await page.getByRole('heading', { level: 1, name: 'Создать задание' }).waitFor();

    // The specification's defaults are on the form before anything is touched (000 §9).
    const proctoring = page.getByTestId('proctoring-form');
    expect(await proctoring.getByRole('checkbox', { name: 'Запись основной камеры' }).isChecked()).toBe(true);
    expect(await proctoring.getByRole('checkbox', { name: 'Запись микрофона' }).isChecked()).toBe(false);
    expect(await proctoring.getByRole('checkbox', { name: 'Посторонние предметы' }).isChecked()).toBe(false);
    expect(await proctoring.getByRole('textbox', { name: 'Чувствительность к шуму' }).inputValue()).toBe(
      '10',
    );

    // Sending without a quiz is stopped by the form with the reason under the field.
    await page.getByTestId('assignment-save').click();
    await page.getByText('Выберите хотя бы один тест').waitFor();

    await pick(page, 'Тесты', QUIZ);
    await page.keyboard.press('Escape');
    await pick(page, 'Класс', /^7 «А»/);
    await pick(page, 'Время на попытку', '30 минут');
    await pick(page, 'Количество попыток', '2 попытки');
    await page
      .getByRole('switch', { name: 'Показывать ученику результаты по вопросам после завершения' })
      .check();
    await page.getByRole('switch', { name: 'Показывать ученику баллы' }).check();
    await proctoring.getByRole('checkbox', { name: 'Запись микрофона' }).check();
    await page.screenshot({ path: screenshotPath('assignment-create') });
    await proctoring.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('assignment-create-proctoring') });

    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/assignments') && r.request().method() === 'POST',
    );
    await page.getByTestId('assignment-save').click();
    const response = await created;
    expect(response.status()).toBe(201);
    const sent = JSON.parse(response.request().postData() ?? '{}') as {
      settings: { proctoring_settings: Record<string, unknown> };
    } & Record<string, unknown>;
    expect(sent).toMatchObject({ type: 'quiz', complete_time: 30, max_attempts: 2, is_proctoring: true });
    expect(sent.settings.proctoring_settings).toMatchObject({
      microphone_record: true,
      main_camera_record: true,
      noise_sensitivity: 10,
      head_sensitivity: { x: 50, y: 40, depth: 12 },
    });
    await page.waitForURL(/\/t\/assignments\/[0-9a-f-]{36}$/);
    assignmentUrl = new URL(page.url()).pathname;
    await page.getByRole('heading', { level: 1, name: QUIZ }).waitFor();
    await expect.poll(() => page.getByTestId('student-row').count(), POLL).toBe(2);
    await page.getByTestId('students-table').getByText('Касымова Айгерим').waitFor();
    expect(await page.getByTestId('assignment-info').textContent()).toContain('30 минут');
    await page.screenshot({ path: screenshotPath('assignment-view') });

    // The list now holds it.
    await page.getByTestId('side-menu').locator('a[data-menu-item="assignments"]').click();
    await page.getByRole('link', { name: QUIZ }).waitFor();
    await page.screenshot({ path: screenshotPath('assignments-index') });
  });

  it('the student registers, takes the quiz with every question type and finishes after confirming', async () => {
    expect(assignmentUrl).not.toBe('');
    const id = assignmentUrl.split('/').at(-1)!;
    const page = await demo.signedInPage('student', '/s');
    const card = page.getByTestId('my-assignment').filter({ hasText: QUIZ });
    await card.waitFor();
    await page.screenshot({ path: screenshotPath('home-student-assignments') });
    await card.getByRole('link', { name: QUIZ }).click();
    await page.waitForURL(`${demo.url}/s/assignments/${id}`);
    await page.getByTestId('go-register').click();
    await page.waitForURL(`${demo.url}/s/assignments/${id}/register`);
    await page.getByText('На попытку — 30 минут.').waitFor();
    await page.getByText('Осталось 2 попытки.').waitFor();
    // Proctored: the start waits for the consent.
    const start = page.getByTestId('start-attempt');
    expect(await start.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: /согласен/ }).check();
    await passEquipmentCheck(page);
    await page.screenshot({ path: screenshotPath('assignment-register') });
    await start.click();
    await page.waitForURL(`${demo.url}/s/assignments/${id}`);
    await page.getByTestId('attempt-runner').waitFor();

    // The clock is for the eyes; screen readers hear the minutes once, not every second.
    expect(await page.getByTestId('attempt-timer').getAttribute('aria-hidden')).toBe('true');
    expect(await page.getByTestId('timer-announcement').textContent()).toMatch(/^Осталось (30|29) минут/);
    expect(await page.getByTestId('timer-announcement').getAttribute('role')).toBe('status');

    // 1. One right option, chosen with the keyboard.
    await page.getByRole('heading', { name: 'Вопрос 1 из 6' }).waitFor();
    await page.getByRole('radio', { name: '6', exact: true }).focus();
    await page.keyboard.press('Space');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/assignment-results') && r.status() === 201,
    );
    await page.getByTestId('next-step').click();
    await saved;
    // 2. Several right options.
    await page.getByRole('heading', { name: 'Вопрос 2 из 6' }).waitFor();
    for (const option of ['2', '3', '11'])
      await page.getByRole('checkbox', { name: option, exact: true }).check();
    await page.getByTestId('next-step').click();
    // 3. Gaps.
    await page.getByRole('heading', { name: 'Вопрос 3 из 6' }).waitFor();
    await page.getByRole('textbox', { name: 'Пропуск 1' }).fill('100');
    await page.getByRole('textbox', { name: 'Пропуск 2' }).fill('0');
    await page.getByTestId('next-step').click();
    // 4. Matching.
    await page.getByRole('heading', { name: 'Вопрос 4 из 6' }).waitFor();
    await page.getByRole('combobox', { name: 'Пара для «Вода»' }).selectOption({ label: 'H₂O' });
    await page.getByRole('combobox', { name: 'Пара для «Поваренная соль»' }).selectOption({ label: 'NaCl' });
    await page.getByTestId('next-step').click();
    // 5. An essay and 6. a short answer: the teacher reviews them.
    await page.getByRole('heading', { name: 'Вопрос 5 из 6' }).waitFor();
    await page.getByTestId('text-answer').fill('Программирование учит думать по шагам и проверять себя.');
    await page.getByTestId('next-step').click();
    await page.getByRole('heading', { name: 'Вопрос 6 из 6' }).waitFor();
    await page.getByTestId('text-answer').fill('Мухтар Ауэзов');
    // The navigation shows what is answered; going back keeps the saved answer.
    await page.getByRole('button', { name: 'Вопрос 1, есть ответ' }).click();
    await page.getByRole('heading', { name: 'Вопрос 1 из 6' }).waitFor();
    expect(await page.getByRole('radio', { name: '6', exact: true }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Вопрос 6, есть ответ' }).click();
    await page.getByRole('heading', { name: 'Вопрос 6 из 6' }).waitFor();
    await page.screenshot({ path: screenshotPath('assignment-take') });

    await page.getByTestId('finish-attempt').click();
    const dialog = page.getByRole('dialog', { name: 'Завершить попытку?' });
    await dialog.getByText('Вы ответили на все вопросы.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Завершить' }).click();
    await page.getByTestId('results-view').waitFor();
    // 1 + 2 + 2 + 2 graded at once; the essay (5) and the short answer (1) wait for the teacher.
    await expect.poll(() => page.getByTestId('my-score').textContent(), POLL).toBe('Ваш балл: 7 из 13');
    expect(await page.getByTestId('my-result-row').count()).toBe(6);
    await page.getByTestId('my-result-row').filter({ hasText: 'Опишите' }).getByText('На проверке').waitFor();
    await page.screenshot({ path: screenshotPath('assignment-results-student') });
  });

  it('the teacher sees the result, reviews the essay within its maximum, and the score follows', async () => {
    const page = await demo.signedInPage('teacher', assignmentUrl);
    const row = page.getByTestId('student-row').filter({ hasText: 'Касымова Айгерим' });
    await expect.poll(() => row.getByTestId('student-score').textContent(), POLL).toBe('7 / 13');
    await row.getByText('2 ответа на проверку').waitFor();
    await row.getByRole('link', { name: 'Попытка 1' }).click();
    await page.waitForURL(/\/t\/assignments\/result\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Попытка 1' }).waitFor();
    const essay = page.getByTestId('result-question').filter({ hasText: 'Опишите' });
    await essay.getByText('Программирование учит думать по шагам').waitFor();

    const points = essay.getByRole('textbox', { name: 'Оценка за вопрос 5' });
    await points.fill('9');
    await essay.getByRole('button', { name: 'Оценить' }).click();
    await essay.getByText('Введенный балл не может превышать максимального').waitFor();
    await points.fill('4');
    const reviewed = page.waitForResponse((r) => r.url().endsWith('/api/assignment-reviewer-results'));
    await essay.getByRole('button', { name: 'Оценить' }).click();
    expect((await reviewed).status()).toBe(201);
    await essay.getByText('проверено учителем').waitFor();
    expect(await essay.getByTestId('result-verdict').textContent()).toBe('Верно');
    await essay.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('assignment-result-teacher') });

    await page.goto(`${demo.url}${assignmentUrl}`);
    const after = page.getByTestId('student-row').filter({ hasText: 'Касымова Айгерим' });
    await expect.poll(() => after.getByTestId('student-score').textContent(), POLL).toBe('11 / 13');
    await after.getByText('1 ответ на проверку').waitFor();
  });

  it("honours the time a teacher adds: the student's clock moves and says so", async () => {
    const id = assignmentUrl.split('/').at(-1)!;
    const student = await demo.signedInPage('student', `/s/assignments/${id}/register`);
    await student.getByText('Осталась 1 попытка.').waitFor();
    await student.getByRole('checkbox', { name: /согласен/ }).check();
    await passEquipmentCheck(student);
    await student.getByTestId('start-attempt').click();
    await student.getByTestId('attempt-runner').waitFor();
    const minutesLeft = async () => {
      const [h, m] = ((await student.getByTestId('attempt-timer').textContent()) ?? '')
        .split(':')
        .map(Number);
      return h! * 60 + m!;
    };
    expect(await minutesLeft()).toBeLessThanOrEqual(30);

    const teacher = await demo.signedInPage('teacher', assignmentUrl);
    const row = teacher.getByTestId('student-row').filter({ hasText: 'Касымова Айгерим' });
    await row.getByText('Выполняет').waitFor();
    await row.getByRole('button', { name: 'Действия: Касымова Айгерим Муратовна' }).click();
    const added = teacher.waitForResponse((r) => r.url().endsWith('/time.json'));
    await teacher.getByRole('menuitem', { name: 'Добавить 10 минут' }).click();
    expect((await added).status()).toBe(200);

    // The page reads the attempt again every 30 s; a reload shows it at once (after the equipment is
    // shared again: a reloaded page has lost its camera and screen).
    await student.reload();
    await student.getByTestId('equipment-check').waitFor(POLL);
    await student.getByTestId('check-screen-run').click();
    await student.locator('[data-testid="check-screen"][data-state="passed"]').waitFor(POLL);
    await student.getByTestId('exam-continue').click();
    await student.getByTestId('attempt-runner').waitFor(POLL);
    await expect.poll(minutesLeft, POLL).toBeGreaterThanOrEqual(39);
    expect(await student.getByTestId('timer-announcement').textContent()).toMatch(/^Осталось (39|40) минут/);
  });

  it('suspends after confirmation (the student is told), resumes, and clones', async () => {
    const page = await demo.signedInPage('teacher', assignmentUrl);
    await page.getByRole('toolbar').getByRole('button', { name: 'Приостановить' }).click();
    const dialog = page.getByRole('dialog', { name: 'Приостановить' });
    await dialog.getByRole('button', { name: 'Приостановить' }).click();
    await expect.poll(() => page.getByTestId('assignment-status').textContent(), POLL).toBe('Приостановлено');

    const student = await demo.signedInPage('student', assignmentUrl.replace('/t/', '/s/'));
    await student.getByTestId('closed-reason').getByText('Учитель приостановил задание').waitFor();

    await page.getByRole('toolbar').getByRole('button', { name: 'Возобновить' }).click();
    await expect.poll(() => page.getByTestId('assignment-status').textContent(), POLL).toBe('Идёт');
    await page.getByRole('toolbar').getByRole('button', { name: 'Копировать' }).click();
    await page.waitForURL(
      (url) => /^\/t\/assignments\/[0-9a-f-]{36}$/.test(url.pathname) && url.pathname !== assignmentUrl,
    );
    await page.getByRole('heading', { level: 1, name: QUIZ }).waitFor();
  });

  it("shows a lesson's material (allow-listed text, an image) and its questions to the student, without proctoring", async () => {
    const { access_token } = await demo.tokensOf('teacher');
    const headers = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };
    const lessons = (await (
      await fetch(`${demo.url}/api/lessons?query=${encodeURIComponent('География')}`, { headers })
    ).json()) as { entities: { id: string }[] };
    const classes = (await (await fetch(`${demo.url}/api/classes`, { headers })).json()) as {
      entities: { id: string; name: string }[];
    };
    const created = await fetch(`${demo.url}/api/assignments`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        type: 'lesson',
        lessons: [lessons.entities[0]!.id],
        class_id: classes.entities.find((c) => c.name === '7 «А»')!.id,
        is_proctoring: false,
      }),
    });
    expect(created.status).toBe(201);
    const { entity } = (await created.json()) as { entity: { id: string } };

    const page = await demo.signedInPage('student', `/s/assignments/${entity.id}/register`);
    await page.getByRole('heading', { level: 1, name: 'Подготовка к заданию' }).waitFor();
    expect(await page.getByTestId('proctoring-consent').count()).toBe(0);
    await page.getByTestId('start-attempt').click();
    await page.getByTestId('attempt-runner').waitFor();
    // No time limit: no clock.
    expect(await page.getByTestId('attempt-timer').count()).toBe(0);
    await page.getByRole('heading', { name: 'Материал' }).waitFor();
    await page.getByText('Столица Казахстана — Астана.', { exact: false }).waitFor();
    await page.getByTestId('next-step').click();
    await page.getByRole('img', { name: 'Флаг Республики Казахстан' }).waitFor();
    await page.getByTestId('next-step').click();
    await page.getByRole('heading', { name: 'Вопрос 1 из 1' }).waitFor();
    await page.getByRole('textbox', { name: 'Пропуск 1' }).fill('Астана');
    await page.screenshot({ path: screenshotPath('assignment-take-lesson') });
    // A pause in typing saves the answer without a click.
    await expect.poll(() => page.getByTestId('answer-state').textContent(), POLL).toBe('Ответ сохранён');
  });

  it('keeps students out of the teacher screens and shows five placeholders while the list loads', async () => {
    const student = await demo.signedInPage('student', '/t/assignments');
    await student.getByText('Доступ запрещён').waitFor();

    const page = await demo.newPage();
    await page.addInitScript(seedTokensScript(await demo.tokensOf('teacher')));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/api/assignments',
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto(`${demo.url}/t/assignments`);
    await expect.poll(() => page.getByTestId('loading-row').count(), POLL).toBe(5);
    release();
    await page.getByTestId('record-row').first().waitFor();
    // The quiz assignment, its copy and the lesson assignment.
    expect(await page.getByTestId('record-row').count()).toBe(3);
  });

  it("shows the student's assignments on a phone", async () => {
    const page = await demo.signedInPage('student', '/s/assignments', PHONE);
    await page.getByRole('heading', { level: 1, name: 'Мои задания' }).waitFor();
    await page.getByTestId('my-assignment').first().waitFor();
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await page.screenshot({ path: screenshotPath('student-assignments-phone') });
  });

  afterAll(() => {
    expect(demo.errors).toEqual([]);
  });
});
