import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoPlatform, screenshotPath } from './support/demo-platform';

/** A loaded machine may take seconds to load a screen. */
const POLL = { timeout: 30_000 };

function ffmpeg(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', ['-v', 'error', '-y', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg: ${err.slice(-400)}`))));
  });
}

/**
 * The course editor, the media picker and profile edit (docs/web.md) against the real platform: the demo
 * teacher edits the demo course and the student sees it; a student edits their own name.
 */
describe('course editor, media picker, own profile', () => {
  const demo = new DemoPlatform();
  let dir = '';
  let cover = '';
  let courseId = '';
  let assignmentId = '';

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'course-editor-'));
    // A cover made at test time, large enough for a throttled upload to show its progress.
    cover = path.join(dir, 'обложка.png');
    await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=1', '-frames:v', '1', cover]);
    await demo.start();
    const { access_token: token } = await demo.tokensOf('teacher');
    // The demo content is seeded beside the start: wait until its course is listed.
    let course: { id: string; name: string } | undefined;
    for (let tries = 0; !course && tries < 60; tries += 1) {
      const answer = await demo.getAs(token!, '/api/courses?limit=100');
      const body = (await answer.json()) as { entities: { id: string; name: string }[] };
      course = body.entities.find((c) => c.name === 'Основы программирования');
      if (!course) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    if (!course) throw new Error('the demo course was not seeded');
    courseId = course.id;
    // An assignment of week 1's quiz to the demo student, for the quiz's material to link to.
    const full = (await (await demo.getAs(token!, `/api/courses/${courseId}`)).json()) as {
      entity: { groups: { materials: { type: string; quiz_id: string | null }[] }[] };
    };
    const quizId = full.entity.groups[0]!.materials.find((m) => m.type === 'quiz')!.quiz_id!;
    const { access_token: studentToken } = await demo.tokensOf('student');
    const me = (await (await demo.getAs(studentToken!, '/api/user.json')).json()) as {
      entity: { id: string };
    };
    const created = await fetch(`${demo.url}/api/assignments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'quiz', quizzes: [quizId], students: [me.entity.id] }),
    });
    const createdBody = (await created.json()) as { entity: { id: string } };
    expect(created.status, JSON.stringify(createdBody)).toBe(201);
    assignmentId = createdBody.entity.id;
  });
  afterAll(async () => {
    await demo.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('the teacher renames the course, uploads and picks a cover, adds a group, moves and reorders; the student sees it', async () => {
    const page = await demo.signedInPage('teacher', `/t/courses/${courseId}`);
    await page.getByRole('heading', { level: 1, name: 'Основы программирования' }).waitFor(POLL);
    await page.getByRole('link', { name: 'Редактировать' }).click();
    await page
      .getByRole('heading', { level: 1, name: 'Редактирование: Основы программирования' })
      .waitFor(POLL);
    expect(new URL(page.url()).pathname).toBe(`/t/courses/${courseId}/edit`);

    // The course's fields: a new name, and a cover uploaded and chosen in the picker.
    const fields = page.getByRole('form', { name: 'Поля курса' });
    await fields.getByLabel('Название').fill('Основы программирования на Python');
    await page.getByTestId('course-cover').getByRole('button', { name: 'Выбрать из медиатеки' }).click();
    const picker = page.getByRole('dialog', { name: 'Выбор файла из медиатеки' });
    await picker.waitFor(POLL);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 200 * 1024,
    });
    await picker.locator('input[type="file"]').setInputFiles(cover);
    await picker.getByTestId('picker-progress').waitFor(POLL);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    // The uploaded file is listed and chosen at once.
    await picker.getByTestId('picker-chosen').getByText('Выбран: обложка.png').waitFor(POLL);
    const tile = picker.getByRole('option', { name: 'обложка.png' });
    await tile.waitFor(POLL);
    expect(await tile.getAttribute('aria-selected')).toBe('true');
    await page.screenshot({ path: screenshotPath('media-picker') });
    await picker.getByTestId('picker-select').click();
    await picker.waitFor({ state: 'hidden' });
    await page.getByTestId('course-cover').getByTestId('media-field-preview').waitFor();
    await fields.getByRole('button', { name: 'Сохранить' }).click();
    await page
      .getByRole('heading', { level: 1, name: 'Редактирование: Основы программирования на Python' })
      .waitFor(POLL);

    // A second group, added after the first.
    await page.getByLabel('Название новой группы').fill('Неделя 2');
    await page.getByTestId('group-add').click();
    const groups = page.getByTestId('course-group');
    await expect.poll(() => groups.count(), POLL).toBe(2);
    await groups.nth(1).getByRole('heading', { name: '2. Неделя 2' }).waitFor();

    // Week 1's quiz moves to week 2 (its group chosen with the keyboard-friendly select).
    const week1 = page.getByRole('region', { name: 'Неделя 1' });
    const quiz = week1.getByTestId('course-material').nth(1);
    const quizName = (await quiz.getAttribute('aria-label'))!;
    await week1.getByLabel(`Группа материала «${quizName}»`).selectOption({ label: 'Неделя 2' });
    const week2 = page.getByRole('region', { name: 'Неделя 2' });
    await week2.getByTestId('course-material').filter({ hasText: quizName }).waitFor(POLL);
    await expect.poll(() => week1.getByTestId('course-material').count(), POLL).toBe(1);

    // The quiz's material links to the assignment made from that quiz.
    await week2.getByLabel(`Задание для «${quizName}»`).selectOption(assignmentId);
    await expect
      .poll(() => week2.getByLabel(`Задание для «${quizName}»`).inputValue(), POLL)
      .toBe(assignmentId);

    // Week 2 goes before week 1 by its button (reachable and pressed from the keyboard).
    await week2.getByRole('button', { name: 'Выше: Неделя 2' }).focus();
    await page.keyboard.press('Enter');
    await groups.first().getByRole('heading', { name: '1. Неделя 2' }).waitFor(POLL);

    // A group renamed in place.
    const renamed = page.getByRole('region', { name: 'Неделя 1' });
    await renamed.getByTestId('group-name').fill('Неделя 1: введение');
    await renamed.getByRole('button', { name: 'Переименовать' }).click();
    await page.getByRole('region', { name: 'Неделя 1: введение' }).waitFor(POLL);
    // The whole editor in one view, once the toasts (3 s each) have gone.
    await page.setViewportSize({ width: 1280, height: 1450 });
    await expect.poll(() => page.locator('.mantine-Notification-root').count(), POLL).toBe(0);
    await page.screenshot({ path: screenshotPath('course-editor') });

    // The student's course: the new name, the cover, week 2 first with the quiz, then week 1 with the lesson.
    const student = await demo.signedInPage('student', '/s/courses');
    const card = student
      .getByTestId('student-course')
      .filter({ hasText: 'Основы программирования на Python' });
    await card.waitFor(POLL);
    const image = card.locator('img');
    // The student opens the teacher's file through its lasting link, which the card stores.
    expect(await image.getAttribute('src')).toMatch(/^\/api\/media\/s\/[A-Za-z0-9_-]{43}$/);
    await expect
      .poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth), POLL)
      .toBe(1280);
    await card.getByRole('link', { name: 'Основы программирования на Python' }).click();
    const shown = student.getByTestId('course-group');
    await shown.first().getByRole('heading', { name: '1. Неделя 2' }).waitFor(POLL);
    await shown.first().getByText(quizName).waitFor();
    // Linked to its assignment, the quiz is now the way in for the student.
    expect(await shown.first().getByRole('link').getAttribute('href')).toBe(`/s/assignments/${assignmentId}`);
    await shown.nth(1).getByRole('heading', { name: '2. Неделя 1: введение' }).waitFor();
    await expect.poll(() => shown.nth(1).getByTestId('course-material').count()).toBe(1);
    expect(demo.errors).toEqual([]);
  });

  it('a material removed after confirmation leaves the course, and a group with it', async () => {
    const page = await demo.signedInPage('teacher', `/t/courses/${courseId}/edit`);
    const week2 = page.getByRole('region', { name: 'Неделя 2' });
    await week2.waitFor(POLL);
    const material = week2.getByTestId('course-material').first();
    const name = (await material.getAttribute('aria-label'))!;
    await material.getByRole('button', { name: `Удалить: ${name}` }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Удалить' }).click();
    await expect.poll(() => week2.getByTestId('course-material').count(), POLL).toBe(0);
    await week2.getByRole('button', { name: 'Удалить группу «Неделя 2»' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Удалить' }).click();
    await expect.poll(() => page.getByTestId('course-group').count(), POLL).toBe(1);
    expect(demo.errors).toEqual([]);
  });

  it('a lesson’s media material takes its file from the library through the picker', async () => {
    const { access_token: token } = await demo.tokensOf('teacher');
    const post = async (collection: string, body: object) => {
      const answer = await fetch(`${demo.url}/api/${collection}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(answer.status).toBe(201);
      return ((await answer.json()) as { entity: { id: string } }).entity.id;
    };
    const lessonId = await post('lessons', { name: 'Цвета экрана' });
    await post('lesson-chapters', { lesson_id: lessonId, name: 'Полосы', position: 0 });
    const page = await demo.signedInPage('teacher', `/t/lessons/${lessonId}`);
    const chapter = page.getByTestId('chapter-editor');
    await chapter.getByTestId('add-component').click({ timeout: POLL.timeout });
    await page.getByRole('menuitem', { name: 'Медиа' }).click();
    await chapter
      .getByTestId('component-media-picker')
      .getByRole('button', { name: 'Выбрать из медиатеки' })
      .click();
    const picker = page.getByRole('dialog', { name: 'Выбор файла из медиатеки' });
    // The cover uploaded by the first case is in the teacher's library; a double-click chooses it.
    await picker.getByRole('option', { name: 'обложка.png' }).dblclick({ timeout: POLL.timeout });
    await picker.waitFor({ state: 'hidden' });
    await chapter.getByTestId('component-media-picker').getByTestId('media-field-preview').waitFor();
    await chapter.getByTestId('chapter-save').click();
    await page.locator('.mantine-Notification-root', { hasText: 'Глава сохранена' }).waitFor(POLL);
    const lesson = (await (await demo.getAs(token!, `/api/lessons/${lessonId}`)).json()) as {
      entity: { chapters: { components: { component_type: string; data: Record<string, unknown> }[] }[] };
    };
    const media = lesson.entity.chapters[0]!.components[0]!;
    expect(media.component_type).toBe('media');
    expect(media.data).toMatchObject({ media_type: 'image', media_id: expect.any(String) });
    // The lasting link (docs/media.md), not the library's signed URL that stops working after an hour.
    expect(String(media.data.src)).toMatch(/^\/api\/media\/s\/[A-Za-z0-9_-]{43}$/);
    expect(demo.errors).toEqual([]);
  });

  it('the editor, the picker and profile edit speak English and Kazakh', async () => {
    const page = await demo.signedInPage('teacher', `/t/courses/${courseId}/edit`);
    await page.getByRole('heading', { level: 2, name: 'Группы и материалы' }).waitFor(POLL);
    await page.getByTestId('language-switcher').getByText('EN', { exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Groups and materials' }).waitFor();
    await page.getByRole('heading', { level: 1, name: /^Editing: / }).waitFor();
    await page.getByTestId('course-cover').getByRole('button', { name: 'Choose from the library' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose a file from the media library' });
    await picker.getByRole('button', { name: 'Upload a new one' }).waitFor();
    await picker.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('language-switcher').getByText('KZ', { exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Топтар мен материалдар' }).waitFor();
    await page.getByRole('button', { name: 'Топ қосу' }).waitFor();
    await page.goto(`${demo.url}/t/profile-edit`);
    await page.getByText('Профиль суреті').waitFor(POLL);
    // The form's own switcher (the header has the other): the language changes at once.
    const form = page.getByRole('form', { name: 'Профильді өңдеу' });
    await form.getByTestId('language-switcher').getByText('RU', { exact: true }).click();
    await page.getByText('Фото профиля').waitFor();
    expect(demo.errors).toEqual([]);
  });

  it('a student edits their own name and the menu shows it at once', async () => {
    const page = await demo.signedInPage('student', '/s/profile/edit');
    const form = page.getByRole('form', { name: 'Редактировать профиль' });
    await form.waitFor(POLL);
    const before = await page.getByTestId('profile-name').innerText();
    await form.getByLabel('Имя').fill('');
    await expect.poll(() => form.getByRole('button', { name: 'Сохранить' }).isDisabled()).toBe(true);
    await form.getByLabel('Имя').fill('Айдана');
    await form.getByLabel('E-mail').fill('not-an-address');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    // The server's refusal under the field.
    await form.getByText('Неверный адрес электронной почты').waitFor(POLL);
    await page.screenshot({ path: screenshotPath('profile-edit') });
    await form.getByLabel('E-mail').fill('');
    // Edited, the field drops the server's refusal.
    await expect.poll(() => form.getByText('Неверный адрес электронной почты').count()).toBe(0);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/profile'));
    await form.getByRole('button', { name: 'Сохранить' }).click();
    const answer = await saved;
    expect(answer.status(), `${answer.request().postData()} → ${await answer.text()}`).toBe(200);
    await page.waitForURL((url) => url.pathname === '/s/profile', POLL);
    await expect.poll(() => page.getByTestId('profile-name').innerText(), POLL).toContain('Айдана');
    expect(await page.getByTestId('profile-name').innerText()).not.toBe(before);
    await page.getByTestId('profile-full-name').getByText('Айдана').waitFor();
    expect(demo.errors).toEqual([]);
  });
});
