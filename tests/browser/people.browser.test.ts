import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoPlatform, PHONE, screenshotPath, seedTokensScript } from './support/demo-platform';

/** The manager's people screens and the admin's reference screens, against the real record API. */
describe("managing a school's people and the reference data", () => {
  const demo = new DemoPlatform();

  beforeAll(() => demo.start());
  afterAll(() => demo.stop());

  it('creates a student, finds it by search, edits it and deactivates it', async () => {
    const page = await demo.signedInPage('manager', '/m/students');
    await page.getByRole('heading', { level: 1, name: 'Ученики' }).waitFor();
    await page.getByTestId('record-row').first().waitFor();
    await page.screenshot({ path: screenshotPath('students-index') });

    await page.getByRole('toolbar').getByRole('link', { name: 'Добавить ученика' }).click();
    await page.waitForURL(`${demo.url}/m/students/create`);
    await page.getByLabel('Логин').fill('zhanna.ospanova');
    await page.getByLabel('Пароль').fill('Ученик2026');
    await page.getByRole('textbox', { name: /^Фамилия/ }).fill('Оспанова');
    await page.getByRole('textbox', { name: /^Имя/ }).fill('Жанна');
    await page.getByLabel('E-mail', { exact: true }).fill('zhanna@demo.sabaq.kz');
    await page.getByLabel('Уведомления по e-mail').check();
    await page.screenshot({ path: screenshotPath('student-create') });
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/students') && r.request().method() === 'POST',
    );
    await page.getByTestId('person-save').click();
    expect((await created).status()).toBe(201);
    await page.waitForURL(/\/m\/students\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Оспанова Жанна' }).waitFor();
    await page.getByTestId('person-card').getByText('zhanna@demo.sabaq.kz').waitFor();
    await page.getByText('Уведомления по e-mail: Да').waitFor();

    // The search route: ?query= searches names, usernames, e-mails and phones.
    await page.goto(`${demo.url}/m/students`);
    await page.getByTestId('people-search').fill('оспанова');
    await page.getByRole('button', { name: 'Найти' }).click();
    await page.waitForURL(
      `${demo.url}/m/students/search?query=%D0%BE%D1%81%D0%BF%D0%B0%D0%BD%D0%BE%D0%B2%D0%B0`,
    );
    await expect.poll(() => page.getByTestId('record-row').count()).toBe(1);
    expect(await page.getByTestId('record-row').textContent()).toContain('Оспанова Жанна');

    // Edit through the {id-name} route.
    await page.getByRole('link', { name: 'Редактировать: Оспанова Жанна' }).click();
    await page.waitForURL((url) =>
      /^\/m\/students\/edit\/[0-9a-f-]{36}-оспанова-жанна$/.test(decodeURIComponent(url.pathname)),
    );
    const lastname = page.getByRole('textbox', { name: /^Фамилия/ });
    await expect.poll(() => lastname.inputValue()).toBe('Оспанова');
    await lastname.fill('Оспанова-Ли');
    await page.getByLabel('Телефон').fill('+7 701 555 01 77');
    const saved = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/api/students/'));
    await page.getByTestId('person-save').click();
    // Only the changed fields travel (000 §7).
    expect(JSON.parse((await saved).postData() ?? '{}')).toEqual({
      lastname: 'Оспанова-Ли',
      phone: '+7 701 555 01 77',
    });
    await page.getByRole('heading', { level: 1, name: 'Оспанова-Ли Жанна' }).waitFor();
    await page.getByTestId('person-card').getByText('+7 701 555 01 77').waitFor();

    // Deactivation asks first, then the student is gone from the list.
    await page.getByRole('toolbar').getByRole('button', { name: 'Отключить' }).click();
    const dialog = page.getByRole('dialog', { name: 'Отключить' });
    await dialog.getByText('Отключить учётную запись «Оспанова-Ли Жанна»?').waitFor();
    await dialog.getByRole('button', { name: 'Отключить' }).click();
    await page.waitForURL(`${demo.url}/m/students`);
    await page.getByTestId('record-row').first().waitFor();
    expect(await page.getByTestId('record-row').count()).toBe(2);
    expect(await page.getByTestId('records-table').textContent()).not.toContain('Оспанова');
  });

  it("shows the server's field errors under the inputs and as the toast", async () => {
    const page = await demo.signedInPage('manager', '/m/teachers/create');
    await page.getByLabel('Логин').fill('teacher');
    await page.getByLabel('Пароль').fill('123');
    await page.getByRole('textbox', { name: /^Фамилия/ }).fill('Ли');
    await page.getByRole('textbox', { name: /^Имя/ }).fill('Анна');
    const answer = page.waitForResponse(
      (r) => r.url().endsWith('/api/teachers') && r.request().method() === 'POST',
    );
    await page.getByTestId('person-save').click();
    const response = await answer;
    expect(response.status()).toBeGreaterThanOrEqual(400);
    const body = (await response.json()) as { errors: Record<string, string[]> };
    const [field, texts] = Object.entries(body.errors)[0]!;
    await page.locator(`[name="${field}"]`).waitFor();
    const described = await page.locator(`[name="${field}"]`).getAttribute('aria-describedby');
    expect(described).toBeTruthy();
    await page.getByText(texts[0]!).first().waitFor();
    await page.locator('.mantine-Notification-root', { hasText: texts[0]! }).waitFor();
  });

  it('shows five loading placeholders while a page of people loads', async () => {
    const page = await demo.newPage();
    const tokens = await demo.tokensOf('manager');
    await page.addInitScript(seedTokensScript(tokens));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/api/proctors',
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto(`${demo.url}/m/proctors`);
    await expect.poll(() => page.getByTestId('loading-row').count()).toBe(5);
    release();
    await page.getByTestId('record-row').first().waitFor();
    expect(await page.getByTestId('loading-row').count()).toBe(0);
  });

  it('pages through ?page without scrolling to the top, and scrolls up on another page', async () => {
    const { access_token } = await demo.tokensOf('manager');
    for (let i = 1; i <= 26; i++) {
      const response = await fetch(`${demo.url}/api/teachers`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          username: `teacher.${i}`,
          password: 'Учитель2026',
          lastname: `Учитель${String(i).padStart(2, '0')}`,
          firstname: 'Тест',
        }),
      });
      expect(response.status).toBe(201);
    }
    // A short window, so that even the two rows of the last page leave something to scroll.
    const page = await demo.signedInPage('manager', '/m/teachers', {
      viewport: { width: 1280, height: 420 },
    });
    await page.getByRole('heading', { level: 1, name: 'Учителя' }).waitFor();
    await expect.poll(() => page.getByTestId('record-row').count()).toBe(25);
    await page.getByText('Всего записей: 27').waitFor();
    await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    const scrolled = await page.evaluate<number>('window.scrollY');
    expect(scrolled).toBeGreaterThan(0);

    await page.getByRole('button', { name: '2', exact: true }).click();
    await page.waitForURL(`${demo.url}/m/teachers?page=2`);
    await expect.poll(() => page.getByTestId('record-row').count()).toBe(2);
    // Only the query changed: the page stays where the reader was.
    expect(await page.evaluate<number>('window.scrollY')).toBeGreaterThan(0);

    await page.getByTestId('record-row').first().getByRole('link').first().click();
    await page.waitForURL(/\/m\/teachers\/[0-9a-f-]{36}$/);
    await page.getByTestId('person-card').waitFor();
    expect(await page.evaluate<number>('window.scrollY')).toBe(0);
  });

  it('lets the admin create, rename and delete a region, and create a city in it', async () => {
    const page = await demo.signedInPage('admin', '/');
    const schools = page.getByRole('dialog', { name: 'Выбор школы' });
    await schools.getByRole('radio', { name: /Демо-школа/ }).click();
    await schools.getByTestId('school-ready').click();
    await page.waitForURL(`${demo.url}/a`);

    await page.goto(`${demo.url}/a/regions`);
    await page.getByRole('heading', { level: 1, name: 'Регионы' }).waitFor();
    await page.getByRole('toolbar').getByRole('link', { name: 'Добавить регион' }).click();
    await page.getByRole('textbox', { name: /^Название/ }).fill('Жетісу облысы');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL(`${demo.url}/a/regions`);
    await page.getByRole('link', { name: 'Жетісу облысы' }).click();
    const name = page.getByRole('textbox', { name: /^Название/ });
    await expect.poll(() => name.inputValue()).toBe('Жетісу облысы');
    await name.fill('Жетысуская область');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('link', { name: 'Жетысуская область' }).waitFor();
    await page.screenshot({ path: screenshotPath('regions') });

    await page.goto(`${demo.url}/a/cities/create`);
    await page.getByRole('textbox', { name: /^Название/ }).fill('Талдыкорган');
    await page.getByRole('textbox', { name: /^Код в адресе/ }).fill('taldykorgan');
    await page.getByPlaceholder('Без региона').click();
    await page.getByRole('option', { name: 'Жетысуская область' }).click();
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL(`${demo.url}/a/cities`);
    const row = page.getByTestId('record-row').filter({ hasText: 'Талдыкорган' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Жетысуская область');
    await page.screenshot({ path: screenshotPath('cities') });

    await page.goto(`${demo.url}/a/regions`);
    await page.getByRole('link', { name: 'Жетысуская область' }).click();
    await page.getByRole('toolbar').getByRole('button', { name: 'Удалить' }).click();
    await page.getByRole('dialog', { name: 'Удалить' }).getByRole('button', { name: 'Удалить' }).click();
    await page.waitForURL(`${demo.url}/a/regions`);
    await page.getByTestId('record-row').first().waitFor();
    expect(await page.getByTestId('records-table').textContent()).not.toContain('Жетысуская');
  });

  it('lets the admin add a school, sees the server’s field error, and renames the school', async () => {
    // A new session of the admin of two schools: the school is chosen first, then on to the page.
    const page = await demo.signedInPage('admin', `/?redirect_url=${encodeURIComponent('/a/schools')}`);
    const schools = page.getByRole('dialog', { name: 'Выбор школы' });
    await schools.getByRole('radio', { name: /Демо-лицей/ }).click();
    await schools.getByTestId('school-ready').click();
    await page.waitForURL(`${demo.url}/a/schools`);
    await expect.poll(() => page.getByTestId('record-row').count(), { timeout: 20_000 }).toBe(2);

    await page.getByRole('toolbar').getByRole('link', { name: 'Добавить школу' }).click();
    await page.getByRole('heading', { level: 1, name: 'Добавить школу' }).waitFor();
    await page.getByRole('textbox', { name: 'E-mail' }).fill('not-an-email');
    await page.getByRole('textbox', { name: 'Название' }).fill('Школа-гимназия № 7');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    // The server's field error, under the field.
    await page.locator('form').getByText('Неверный адрес электронной почты').waitFor();
    await page.getByRole('textbox', { name: 'E-mail' }).fill('info@school7.kz');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL(`${demo.url}/a/schools`);
    await page.getByRole('link', { name: 'Школа-гимназия № 7' }).click();
    await page.getByRole('heading', { level: 1, name: 'Школа-гимназия № 7' }).waitFor();
    await page.getByRole('textbox', { name: 'Название' }).fill('Гимназия № 7');
    await page.screenshot({ path: screenshotPath('school-edit') });
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL(`${demo.url}/a/schools`);
    await page.getByRole('link', { name: 'Гимназия № 7' }).waitFor();
    await expect.poll(() => page.getByTestId('record-row').count(), { timeout: 20_000 }).toBe(3);
  });

  it('shows the list on a phone without sideways scrolling', async () => {
    const page = await demo.signedInPage('manager', '/m/students', PHONE);
    await page.getByTestId('record-row').first().waitFor();
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await page.screenshot({ path: screenshotPath('students-phone') });
  });

  it('raised no script errors', () => {
    expect(demo.errors).toEqual([]);
  });
});
