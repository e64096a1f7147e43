import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoPlatform, PHONE, screenshotPath } from './support/demo-platform';

/** A loaded machine may take seconds to load a screen. */
const POLL = { timeout: 30_000 };

/** The student's courses (docs/web.md) against the real platform and its demo course. */
describe('student courses', () => {
  const demo = new DemoPlatform();
  let draftName = '';

  beforeAll(async () => {
    await demo.start();
    // A draft course of the demo teacher: the student must not see it.
    const { access_token: token } = await demo.tokensOf('teacher');
    draftName = 'Черновик курса по химии';
    const response = await fetch(`${demo.url}/api/courses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: draftName, short_description: 'Ещё не опубликован' }),
    });
    expect(response.status).toBe(201);
  });
  afterAll(async () => {
    await demo.stop();
  });

  it('the student lists the published demo course, not the draft, and opens it', async () => {
    const page = await demo.signedInPage('student', '/s');
    // The home page leads to the courses.
    await page.getByTestId('courses-link').getByRole('link', { name: 'Курсы' }).click();
    await page.getByRole('heading', { level: 1, name: 'Курсы' }).waitFor(POLL);
    const card = page.getByTestId('student-course').filter({ hasText: 'Основы программирования' });
    await card.waitFor(POLL);
    await card.getByText('Первые шаги в Python с проверочными работами.').waitFor();
    expect(await page.getByText(draftName).count()).toBe(0);
    expect(await page.getByTestId('loading-row').count()).toBe(0);
    await page.screenshot({ path: screenshotPath('student-courses'), fullPage: true });

    await card.getByRole('link', { name: 'Основы программирования' }).click();
    await page.getByRole('heading', { level: 1, name: 'Основы программирования' }).waitFor(POLL);
    expect(new URL(page.url()).pathname).toMatch(/^\/s\/courses\/[0-9a-f-]{36}$/);
    const groups = page.getByTestId('course-group');
    await expect.poll(() => groups.count(), POLL).toBeGreaterThan(0);
    await groups.first().getByRole('heading', { name: '1. Неделя 1' }).waitFor();
    // Week 1 holds a lesson and a quiz, in that order; without an assignment neither is a link.
    const materials = groups.first().getByTestId('course-material');
    await expect.poll(() => materials.count()).toBe(2);
    expect(await materials.nth(0).getByText('Урок', { exact: true }).count()).toBe(1);
    expect(await materials.nth(1).getByText('Тест', { exact: true }).count()).toBe(1);
    expect(await materials.first().getByText('Доступно по заданию учителя').count()).toBe(1);
    expect(await materials.first().getByRole('link').count()).toBe(0);
    await page.screenshot({ path: screenshotPath('student-course'), fullPage: true });

    await page.getByRole('link', { name: '← Все курсы' }).click();
    await page.getByRole('heading', { level: 1, name: 'Курсы' }).waitFor(POLL);
    expect(demo.errors).toEqual([]);
  });

  it('speaks English and Kazakh too', async () => {
    const page = await demo.signedInPage('student', '/s/courses');
    await page.getByRole('heading', { level: 1, name: 'Курсы' }).waitFor(POLL);
    await page.getByTestId('language-switcher').getByText('EN', { exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Courses' }).waitFor();
    await page.getByText('The published courses of your school.').waitFor();
    await page.getByTestId('student-course').getByText('2 materials').waitFor();
    await page.getByTestId('student-course').getByRole('link').click();
    await page.getByText('Available through a teacher’s assignment').first().waitFor(POLL);
    await page.getByRole('link', { name: '← All courses' }).waitFor();
    await page.getByTestId('language-switcher').getByText('KZ', { exact: true }).click();
    await page.getByText('Мұғалімнің тапсырмасы арқылы қолжетімді').first().waitFor();
    await page.getByRole('link', { name: '← Барлық курстар' }).click();
    await page.getByRole('heading', { level: 1, name: 'Курстар' }).waitFor(POLL);
    expect(demo.errors).toEqual([]);
  });

  it('fits the course on a phone', async () => {
    const page = await demo.signedInPage('student', '/s/courses', PHONE);
    const card = page.getByTestId('student-course').filter({ hasText: 'Основы программирования' });
    await card.getByRole('link').click();
    await page.getByTestId('course-group').first().waitFor(POLL);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await page.screenshot({ path: screenshotPath('student-course-phone'), fullPage: true });
    expect(demo.errors).toEqual([]);
  });
});
