import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoPlatform, screenshotPath } from './support/demo-platform';

/** A loaded machine may take seconds to load a screen: polls wait longer than vitest's 1 s default. */
const POLL = { timeout: 20_000 };

/** The teacher's lessons, quizzes (an editor per question type), classes and courses against the real API. */
describe("the teacher's authoring screens", () => {
  const demo = new DemoPlatform();

  beforeAll(() => demo.start());
  afterAll(() => demo.stop());

  it('creates a quiz with a choice, a fill-space and an essay question, after the server refused a choice without a right option', async () => {
    const page = await demo.signedInPage('teacher', '/t/quiz');
    await page.getByRole('heading', { level: 1, name: 'Тесты' }).waitFor();
    await page.getByRole('link', { name: 'Проверочная работа: основы' }).waitFor();
    await page.screenshot({ path: screenshotPath('quizzes-index') });
    await page.getByRole('toolbar').getByRole('link', { name: 'Создать тест' }).click();
    await page.waitForURL(`${demo.url}/t/quiz/create`);
    await page.getByRole('textbox', { name: /^Название/ }).fill('Контрольная: дроби');

    await page.getByTestId('add-component').click();
    await page.getByRole('menuitem', { name: 'Выбор ответа' }).click();
    const choice = page.getByTestId('component-editor').nth(0);
    await choice.getByRole('textbox', { name: /^Текст вопроса/ }).fill('Какая дробь больше?');
    await choice.getByRole('textbox', { name: 'Вариант 1' }).fill('1/2');
    await choice.getByRole('textbox', { name: 'Вариант 2' }).fill('1/3');

    // No right option marked: the platform's verdict shows under the component.
    const refused = page.waitForResponse(
      (r) => r.url().endsWith('/api/quiz') && r.request().method() === 'POST',
    );
    await page.getByTestId('quiz-save').click();
    expect((await refused).status()).toBe(422);
    await choice.getByText('Отметьте правильный ответ').waitFor();

    await choice.getByRole('radio', { name: 'Вариант 1 правильный' }).check();
    await page.getByTestId('add-component').click();
    await page.getByRole('menuitem', { name: 'Заполнение пропусков' }).click();
    const gaps = page.getByTestId('component-editor').nth(1);
    await gaps.getByRole('textbox', { name: /^Текст вопроса/ }).fill('Заполните пропуск');
    await gaps.getByRole('textbox', { name: 'Ответы для g1' }).fill('Астана, Нур-Султан');
    await page.getByTestId('add-component').click();
    await page.getByRole('menuitem', { name: 'Развёрнутый ответ' }).click();
    const essay = page.getByTestId('component-editor').nth(2);
    await essay.getByRole('textbox', { name: /^Текст вопроса/ }).fill('Объясните, как сравнивать дроби.');
    await essay.getByRole('textbox', { name: 'Баллы за верный ответ' }).fill('3');
    await page.getByTestId('quiz-max-score').getByText('Максимум: 5 баллов').waitFor();
    await page.screenshot({ path: screenshotPath('quiz-editor') });

    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/quiz') && r.request().method() === 'POST',
    );
    await page.getByTestId('quiz-save').click();
    const answer = await saved;
    expect(answer.status()).toBe(201);
    const { entity } = (await answer.json()) as {
      entity: {
        id: string;
        max_score: number;
        components: { component_type: string; data: Record<string, unknown> }[];
      };
    };
    expect(entity.max_score).toBe(5);
    expect(entity.components.map((c) => c.component_type)).toEqual(['choice', 'fill-space', 'free']);
    expect(entity.components[1]!.data.gaps).toEqual([
      { id: 'g1', answers: ['Астана', 'Нур-Султан'], case_sensitive: false },
    ]);
    await page.waitForURL(`${demo.url}/t/quiz/${entity.id}`);
    await page.getByRole('heading', { level: 1, name: 'Контрольная: дроби' }).waitFor();

    // Reordering is sent as the list's order.
    await page.getByRole('button', { name: /^Выше: 3\./ }).click();
    const reordered = page.waitForResponse(
      (r) => r.url().endsWith(`/api/quiz/${entity.id}`) && r.request().method() === 'PUT',
    );
    await page.getByTestId('quiz-save').click();
    const after = (await (await reordered).json()) as {
      entity: { components: { component_type: string }[] };
    };
    expect(after.entity.components.map((c) => c.component_type)).toEqual(['choice', 'free', 'fill-space']);
  });

  it('opens the demo programming quiz in the code question editor', async () => {
    const page = await demo.signedInPage('teacher', '/t/quiz');
    await page.getByRole('link', { name: 'Программирование: задачи' }).click();
    await page.getByRole('heading', { level: 1, name: 'Программирование: задачи' }).waitFor();
    const code = page.getByTestId('component-editor').filter({ hasText: 'Программирование' }).first();
    await code.getByRole('checkbox', { name: 'Python' }).waitFor();
    expect(await code.getByRole('checkbox', { name: 'Python' }).isChecked()).toBe(true);
    expect(await code.getByRole('textbox', { name: 'Входные данные' }).first().inputValue()).toBe('2 3\n');
    await code.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('quiz-editor-code') });
  });

  it('creates a lesson, adds a chapter with material and a question, and saves the chapter', async () => {
    const page = await demo.signedInPage('teacher', '/t/lessons');
    await page.getByRole('heading', { level: 1, name: 'Уроки' }).waitFor();
    await page.getByRole('link', { name: 'География Казахстана' }).waitFor();
    await page.screenshot({ path: screenshotPath('lessons-index') });
    await page.getByRole('toolbar').getByRole('link', { name: 'Создать урок' }).click();
    await page.getByRole('textbox', { name: /^Название/ }).fill('Дроби');
    await page.getByTestId('lesson-save').click();
    await page.waitForURL(/\/t\/lessons\/[0-9a-f-]{36}$/);
    const lessonId = new URL(page.url()).pathname.split('/').at(-1)!;
    await page.getByRole('heading', { level: 1, name: 'Дроби' }).waitFor();

    await page.getByRole('textbox', { name: 'Название новой главы' }).fill('Что такое дробь');
    await page.getByTestId('chapter-add').click();
    const chapter = page.getByTestId('chapter-editor');
    await chapter.getByRole('heading', { name: '1. Что такое дробь' }).waitFor();
    await chapter.getByTestId('add-component').click();
    await page.getByRole('menuitem', { name: 'Текст' }).click();
    await chapter.getByRole('textbox', { name: /^Текст$/ }).fill('Дробь — часть целого.');
    await chapter.getByTestId('add-component').click();
    await page.getByRole('menuitem', { name: 'Краткий ответ' }).click();
    await chapter.getByRole('textbox', { name: /^Текст вопроса/ }).fill('Как называется число под чертой?');
    await chapter.getByRole('textbox', { name: 'Образец ответа' }).fill('Знаменатель');
    await page.screenshot({ path: screenshotPath('lesson-editor') });
    await chapter.getByTestId('chapter-save').click();
    await page.locator('.mantine-Notification-root', { hasText: 'Глава сохранена' }).waitFor();

    const accessToken = (await demo.tokensOf('teacher')).access_token!;
    const lesson = (await (await demo.getAs(accessToken, `/api/lessons/${lessonId}`)).json()) as {
      entity: { chapters: { name: string; components: { component_type: string }[] }[]; max_score: number };
    };
    expect(lesson.entity.chapters.map((c) => c.name)).toEqual(['Что такое дробь']);
    expect(lesson.entity.chapters[0]!.components.map((c) => c.component_type)).toEqual(['text', 'open']);
    expect(lesson.entity.max_score).toBe(1);
  });

  it('creates a class with a student, lists the classes and the courses, and builds a course', async () => {
    const page = await demo.signedInPage('teacher', '/t/classes');
    await page.getByRole('heading', { level: 1, name: 'Классы' }).waitFor();
    await page.getByRole('link', { name: '7 «А»' }).waitFor();
    await page.screenshot({ path: screenshotPath('classes-index') });
    await page.getByTestId('side-menu').locator('a[data-menu-item="createClass"]').click();
    await page.waitForURL(`${demo.url}/t/classes/create`);
    await page.getByRole('textbox', { name: /^Название/ }).fill('8 «Б»');
    await page.getByRole('combobox', { name: 'Ученики' }).click();
    await page.getByRole('option', { name: /Касымова Айгерим/ }).click();
    await page.keyboard.press('Escape');
    await page.screenshot({ path: screenshotPath('class-create') });
    await page.getByTestId('class-save').click();
    await page.waitForURL(/\/t\/classes\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: '8 «Б»' }).waitFor();
    await page.getByText('Учеников: 1').waitFor();

    await page.goto(`${demo.url}/t/courses`);
    await page.getByRole('heading', { level: 1, name: 'Курсы' }).waitFor();
    await expect.poll(() => page.getByTestId('record-row').count(), POLL).toBeGreaterThan(0);
    await page.screenshot({ path: screenshotPath('courses-index') });

    // A course with a group holding a quiz.
    await page.getByRole('toolbar').getByRole('link', { name: 'Создать курс' }).click();
    await page.getByRole('textbox', { name: /^Название/ }).fill('Алгебра 7');
    await page.getByTestId('course-save').click();
    await page.waitForURL(/\/t\/courses\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Алгебра 7' }).waitFor();
    await page.getByRole('textbox', { name: 'Название новой группы' }).fill('Модуль 1');
    await page.getByTestId('group-add').click();
    const group = page.getByTestId('course-group').filter({ hasText: 'Модуль 1' });
    await group.waitFor();
    await page.getByRole('combobox', { name: 'Урок или тест' }).click();
    await page.getByRole('option', { name: 'Проверочная работа: основы' }).click();
    await page.getByRole('combobox', { name: 'Группа' }).click();
    await page.getByRole('option', { name: 'Модуль 1' }).click();
    await page.getByTestId('material-add').click();
    await group.getByText('Проверочная работа: основы').waitFor();
    await page.screenshot({ path: screenshotPath('course-view') });
  });

  it('speaks English and Kazakh too', async () => {
    const page = await demo.signedInPage('teacher', '/t/quiz');
    await page.getByRole('heading', { level: 1, name: 'Тесты' }).waitFor();
    await page.getByTestId('language-switcher').getByText('EN', { exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Quizzes' }).waitFor();
    await page.getByRole('columnheader', { name: 'Questions' }).waitFor();
    await page.getByTestId('language-switcher').getByText('KZ', { exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Тесттер' }).waitFor();
    await page.goto(`${demo.url}/t/classes`);
    await page.getByRole('heading', { level: 1, name: 'Сыныптар' }).waitFor();
    await page.screenshot({ path: screenshotPath('classes-index-kz') });
  });

  afterAll(() => {
    expect(demo.errors).toEqual([]);
  });
});
