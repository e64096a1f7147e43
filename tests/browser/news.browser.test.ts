import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoPlatform, screenshotPath } from './support/demo-platform';

/** A loaded machine may take seconds to load a screen: polls wait longer than vitest's 1 s default. */
const POLL = { timeout: 20_000 };

/** The school's news: the manager publishes through the editor, a student finds and reads it. */
describe('school news', () => {
  const demo = new DemoPlatform();

  beforeAll(() => demo.start());
  afterAll(() => demo.stop());

  it('a manager publishes a news item and a student reads it, formula typeset', async () => {
    const page = await demo.signedInPage('manager', '/m');
    await page.getByTestId('side-menu').getByRole('link', { name: 'Новости' }).click();
    await page.getByRole('heading', { level: 1, name: 'Новости' }).waitFor(POLL);
    await page.getByRole('toolbar').getByRole('link', { name: 'Добавить новость' }).click();
    await page.getByRole('heading', { level: 1, name: 'Новая новость' }).waitFor(POLL);
    await page.getByRole('textbox', { name: /^Заголовок/ }).fill('Олимпиада по математике');
    await page.getByRole('textbox', { name: /^Анонс/ }).fill('Итоги школьного тура');
    const categories = page.locator('input').and(page.getByLabel(/^Рубрики/));
    await categories.fill('Олимпиады');
    await categories.press('Enter');
    await page.getByRole('switch', { name: /^Главная новость/ }).check();

    const body = page.getByRole('textbox', { name: 'Текст новости' });
    await body.click();
    await page.keyboard.type('Победитель решил задачу ');
    await page.getByRole('button', { name: 'Формула' }).click();
    await page.getByTestId('formula-input').fill('a^2 + b^2 = c^2');
    await page.getByTestId('formula-save').click();
    await body.locator('[data-type="inline-math"] .katex').waitFor(POLL);
    await page.screenshot({ path: screenshotPath('news-editor'), fullPage: true });

    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/records') && r.request().method() === 'POST',
    );
    await page.getByTestId('news-save').click();
    const answer = await saved;
    expect(answer.status()).toBe(201);
    const { entity } = (await answer.json()) as {
      entity: { id: string; categories: string[]; is_main: boolean; body: string };
    };
    expect(entity.categories).toEqual(['Олимпиады']);
    expect(entity.is_main).toBe(true);
    expect(entity.body).toContain('data-latex="a^2 + b^2 = c^2"');
    await page.waitForURL(`${demo.url}/m/news/${entity.id}`, POLL);

    const student = await demo.signedInPage('student', '/s');
    await student.getByTestId('side-menu').getByRole('link', { name: 'Новости' }).click();
    await student.getByRole('heading', { level: 1, name: 'Новости' }).waitFor(POLL);
    const item = student.getByTestId('news-item').filter({ hasText: 'Олимпиада по математике' });
    await item.getByText('Итоги школьного тура').waitFor(POLL);
    await item.getByText('Главная').waitFor(POLL);
    // A reader gets no editing controls.
    expect(await student.getByRole('link', { name: 'Добавить новость' }).count()).toBe(0);
    await student.screenshot({ path: screenshotPath('news-list-student') });
    await item.getByRole('link', { name: 'Олимпиада по математике' }).click();
    await student.waitForURL(`${demo.url}/s/news/${entity.id}`, POLL);
    await student.getByRole('heading', { level: 1, name: 'Олимпиада по математике' }).waitFor(POLL);
    const shown = student.getByTestId('news-body');
    await shown.getByText('Победитель решил задачу', { exact: false }).waitFor(POLL);
    await shown.locator('.katex').waitFor(POLL);
    expect(await shown.locator('annotation[encoding="application/x-tex"]').textContent()).toBe(
      'a^2 + b^2 = c^2',
    );
    expect(await student.getByRole('link', { name: 'Изменить' }).count()).toBe(0);
    await student.screenshot({ path: screenshotPath('news-item-student') });
    expect(demo.errors).toEqual([]);
  });

  it('each home page shows the latest news, the main item first, and opens an item', async () => {
    const manager = (await demo.tokensOf('manager')).access_token!;
    const publish = async (fields: Record<string, unknown>) => {
      const answer = await fetch(`${demo.url}/api/records`, {
        method: 'POST',
        headers: { authorization: `Bearer ${manager}`, 'content-type': 'application/json' },
        body: JSON.stringify({ body: '<p>Текст</p>', ...fields }),
      });
      expect(answer.status, await answer.clone().text()).toBe(201);
      return ((await answer.json()) as { entity: { id: string } }).entity.id;
    };
    // Newer than the main item of the test above; an unlisted item and a draft stay off the home pages.
    await publish({ title: 'Родительское собрание', announce: 'В четверг в 18:00, актовый зал' });
    await publish({ title: 'Новость только по ссылке', is_unlisted: true });
    await publish({ title: 'Черновик расписания', status: 'draft' });
    const titles = (page: Page) =>
      page.getByTestId('home-news-item').getByRole('heading', { level: 3 }).allTextContents();
    const expected = ['Олимпиада по математике', 'Родительское собрание'];

    for (const [user, home] of [
      ['teacher', '/t'],
      ['proctor', '/p'],
      ['manager', '/m'],
    ] as const) {
      const page = await demo.signedInPage(user, home);
      await page.getByTestId('home-news').waitFor(POLL);
      await expect.poll(() => titles(page), POLL).toEqual(expected);
      if (user === 'manager') await page.screenshot({ path: screenshotPath('home-news-manager') });
      await page.close();
    }

    const student = await demo.signedInPage('student', '/s');
    const block = student.getByTestId('home-news');
    await block.getByRole('heading', { level: 2, name: 'Новости школы' }).waitFor(POLL);
    await expect.poll(() => titles(student), POLL).toEqual(expected);
    const main = block.getByTestId('home-news-item').first();
    await main.getByText('Главная').waitFor(POLL);
    await block.getByText('В четверг в 18:00, актовый зал').waitFor(POLL);
    await student.screenshot({ path: screenshotPath('home-news-student'), fullPage: true });
    await main.getByRole('link', { name: 'Олимпиада по математике' }).click();
    await student.waitForURL(/\/s\/news\/[0-9a-f-]+$/, POLL);
    await student.getByRole('heading', { level: 1, name: 'Олимпиада по математике' }).waitFor(POLL);
    await student.goBack();
    await block.getByRole('link', { name: 'Все новости' }).click();
    await student.waitForURL(`${demo.url}/s/news`, POLL);
    await student.getByRole('heading', { level: 1, name: 'Новости' }).waitFor(POLL);
    expect(demo.errors).toEqual([]);
  }, 180_000);
});
