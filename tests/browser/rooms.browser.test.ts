import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoPlatform, screenshotPath } from './support/demo-platform';

/** Tall enough for the whole room form in one screenshot (the shell's header is fixed). */
const TALL = { viewport: { width: 1280, height: 1350 } };

/** The teacher's rooms screens against the real classrooms collections of the demo platform. */
describe("a teacher's rooms", () => {
  const demo = new DemoPlatform();

  beforeAll(() => demo.start());
  afterAll(() => demo.stop());

  it('creates a room with a schedule, two PCs and a student, finds it in the list with counts, edits it', async () => {
    const page = await demo.signedInPage('teacher', '/t/rooms/create', TALL);
    await page.getByRole('heading', { level: 1, name: 'Создать аудиторию' }).waitFor();
    await page.locator('input[name="name"]').fill('Кабинет информатики 204');
    await page.getByLabel('Описание').fill('Второй этаж, 16 мест');
    await page.getByRole('button', { name: 'Добавить день' }).click();
    await page.getByRole('button', { name: 'Добавить день' }).click();
    await page.locator('input[name="schedules.1.work_at_end"]').fill('15:30');
    await page.getByRole('button', { name: 'Добавить компьютер' }).click();
    await page.getByRole('button', { name: 'Добавить компьютер' }).click();
    await page.locator('input[name="pcs.0.hostname"]').fill('pc-204-1');
    await page.locator('input[name="pcs.1.hostname"]').fill('pc-204-2');
    await page.getByRole('button', { name: 'Добавить человека' }).click();
    await page.getByRole('combobox', { name: 'Ученик' }).click();
    await page.getByRole('option', { name: /Касымова Айгерим/ }).click();
    await page.screenshot({ path: screenshotPath('room-create') });
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/classrooms') && r.request().method() === 'POST',
    );
    await page.getByTestId('room-save').click();
    expect((await created).status()).toBe(201);
    await page.waitForURL(/\/t\/rooms\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Кабинет информатики 204' }).waitFor();
    await page.getByText('Компьютеров: 2').waitFor();
    await page.getByText('С доступом: 1').waitFor();
    expect(await page.locator('input[name="schedules.1.work_at_end"]').inputValue()).toBe('15:30');

    await page.goto(`${demo.url}/t/rooms`);
    const row = page.getByTestId('record-row').filter({ hasText: 'Кабинет информатики 204' });
    await row.waitFor();
    expect(await row.textContent()).toMatch(
      /Кабинет информатики 204\s*2\s*1\s*Пн 08:00–17:00, Вт 08:00–15:30/,
    );
    await page.screenshot({ path: screenshotPath('rooms') });

    await row.getByRole('link', { name: 'Кабинет информатики 204' }).click();
    await page.getByRole('heading', { level: 1, name: 'Кабинет информатики 204' }).waitFor();
    await page.locator('input[name="name"]').fill('Кабинет 204');
    await page.locator('input[name="pcs.0.hostname"]').fill('pc-204-main');
    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/classrooms/') && r.request().method() === 'GET',
    );
    await page.getByTestId('room-save').click();
    await saved;
    await page.getByRole('heading', { level: 1, name: 'Кабинет 204' }).waitFor();
    await expect.poll(() => page.locator('input[name="pcs.0.hostname"]').inputValue()).toBe('pc-204-main');
    expect(await page.locator('input[name="pcs.0.name"]').inputValue()).toBe('ПК 1');
    await page.screenshot({ path: screenshotPath('room-edit') });
  });

  it("shows the server's field error under the input and as the toast", async () => {
    const page = await demo.signedInPage('teacher', '/t/rooms/create');
    await page.locator('input[name="name"]').fill('Кабинет с ошибкой');
    await page.getByRole('button', { name: 'Добавить компьютер' }).click();
    await page.locator('input[name="pcs.0.hostname"]').fill('bad host!');
    const refused = page.waitForResponse(
      (r) => r.url().endsWith('/api/classroom-pcs') && r.request().method() === 'POST',
    );
    await page.getByTestId('room-save').click();
    expect((await refused).status()).toBe(422);
    const input = page.locator('input[name="pcs.0.hostname"]');
    await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Неверное имя хоста').first().waitFor();
    await page.locator('.mantine-Notification-root', { hasText: 'Неверное имя хоста' }).waitFor();
    // Fixed and sent again, the same room is completed rather than a second one made.
    await input.fill('pc-fixed');
    // Enter submits the form (the toast may cover the save button).
    await input.press('Enter');
    await page.waitForURL(/\/t\/rooms\/[0-9a-f-]{36}$/);
    await page.getByText('Компьютеров: 1').waitFor();
    const list = await demo.getAs(
      (await demo.tokensOf('teacher')).access_token!,
      `/api/classrooms?query=${encodeURIComponent('ошибкой')}`,
    );
    expect(((await list.json()) as { entities: unknown[] }).entities).toHaveLength(1);
  });

  it('speaks English and Kazakh too', async () => {
    const page = await demo.signedInPage('teacher', '/t/rooms/create');
    await page.getByRole('heading', { level: 1, name: 'Создать аудиторию' }).waitFor();
    await page.getByTestId('language-switcher').getByText('EN', { exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Create a room' }).waitFor();
    await page.getByRole('button', { name: 'Add a PC' }).waitFor();
    await page.getByTestId('language-switcher').getByText('KZ', { exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Аудитория құру' }).waitFor();
    await page.getByRole('button', { name: 'Компьютер қосу' }).waitFor();
    await page.goto(`${demo.url}/t/rooms`);
    await page.getByRole('heading', { level: 1, name: 'Аудиториялар' }).waitFor();
    await page.getByRole('columnheader', { name: 'Компьютерлер' }).waitFor();
  });
});
