import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoPlatform, screenshotPath } from './support/demo-platform';

/** A loaded machine may take seconds to load a screen: polls wait longer than vitest's 1 s default. */
const POLL = { timeout: 20_000 };

/**
 * The rich text editor end to end: the teacher writes a lesson's text with bold and a formula typed in
 * the formula form, saves, and the student taking the lesson sees the formula typeset by KaTeX.
 */
describe('a lesson written in the rich text editor', () => {
  const demo = new DemoPlatform();

  beforeAll(() => demo.start());
  afterAll(() => demo.stop());

  it('keeps a formula typed by the teacher and shows it typeset to the student', async () => {
    const page = await demo.signedInPage('teacher', '/t/lessons/create');
    await page.getByRole('textbox', { name: /^Название/ }).fill('Степени');
    await page.getByTestId('lesson-save').click();
    await page.waitForURL(/\/t\/lessons\/[0-9a-f-]{36}$/, POLL);
    const lessonId = new URL(page.url()).pathname.split('/').at(-1)!;
    await page.getByRole('textbox', { name: 'Название новой главы' }).fill('Квадрат числа');
    await page.getByTestId('chapter-add').click();
    const chapter = page.getByTestId('chapter-editor');
    await chapter.getByRole('heading', { name: '1. Квадрат числа' }).waitFor(POLL);
    await chapter.getByTestId('add-component').click();
    await page.getByRole('menuitem', { name: 'Текст' }).click();

    // Typed as a person types: bold through the toolbar, then the formula through its form.
    const text = chapter.getByRole('textbox', { name: /^Текст$/ });
    await text.waitFor(POLL);
    await text.click();
    await chapter.getByRole('button', { name: 'Жирный' }).click();
    await page.keyboard.type('Квадрат числа');
    await chapter.getByRole('button', { name: 'Жирный' }).click();
    await page.keyboard.type(' записывают так: ');
    await chapter.getByRole('button', { name: 'Формула' }).click();
    const formula = page.getByTestId('formula-input');
    await formula.fill('x^2');
    // The form previews what KaTeX makes of the source before it goes in.
    await page.getByTestId('formula-preview').locator('.katex').waitFor(POLL);
    await page.getByTestId('formula-save').click();
    await chapter.locator('[data-type="inline-math"] .katex').waitFor(POLL);
    await page.screenshot({ path: screenshotPath('rich-text-editor') });

    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/lesson-components') && r.request().method() === 'POST',
    );
    await chapter.getByTestId('chapter-save').click();
    expect((await saved).status()).toBe(201);
    await page.locator('.mantine-Notification-root', { hasText: 'Глава сохранена' }).waitFor(POLL);

    const { access_token } = await demo.tokensOf('teacher');
    const headers = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };
    const lesson = (await (await demo.getAs(access_token!, `/api/lessons/${lessonId}`)).json()) as {
      entity: { chapters: { components: { data: { content?: string } }[] }[] };
    };
    const content = lesson.entity.chapters[0]!.components[0]!.data.content ?? '';
    expect(content).toContain('<strong>Квадрат числа</strong>');
    // The math node as the extension writes it (attribute order is the editor's).
    expect(content).toMatch(/<span (?=[^>]*data-type="inline-math")(?=[^>]*data-latex="x\^2")[^>]*><\/span>/);

    // The page reopened shows the stored text in the editor, formula typeset, unchanged.
    await page.reload();
    await page.getByTestId('chapter-editor').locator('[data-type="inline-math"] .katex').waitFor(POLL);

    const classes = (await (await fetch(`${demo.url}/api/classes`, { headers })).json()) as {
      entities: { id: string; name: string }[];
    };
    const created = await fetch(`${demo.url}/api/assignments`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        type: 'lesson',
        lessons: [lessonId],
        class_id: classes.entities.find((c) => c.name === '7 «А»')!.id,
        is_proctoring: false,
      }),
    });
    expect(created.status).toBe(201);
    const { entity } = (await created.json()) as { entity: { id: string } };

    const student = await demo.signedInPage('student', `/s/assignments/${entity.id}/register`);
    await student.getByTestId('start-attempt').click();
    const runner = student.getByTestId('attempt-runner');
    await runner.waitFor(POLL);
    await runner.getByText('Квадрат числа', { exact: true }).waitFor(POLL);
    // KaTeX typeset the formula: its HTML rendering and the MathML a screen reader reads.
    const typeset = runner.locator('.rich-text .katex');
    await typeset.waitFor(POLL);
    expect(await typeset.locator('.katex-html').count()).toBe(1);
    expect(await typeset.locator('annotation[encoding="application/x-tex"]').textContent()).toBe('x^2');
    expect(await runner.locator('.rich-text strong').textContent()).toBe('Квадрат числа');
    await student.screenshot({ path: screenshotPath('rich-text-student-lesson') });
    expect(demo.errors).toEqual([]);
  });
});
