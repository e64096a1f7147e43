import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoPlatform, screenshotPath } from './support/demo-platform';

const POLL = { timeout: 30_000 };
const TALL = { viewport: { width: 1280, height: 1100 } };

/**
 * The manager's products against the demo platform: a price typed with a comma reaches the server in
 * minor units and shows, as the specification formats money, in whole units; an edit sends only the
 * changed field; a student cannot open the screen.
 */
describe("a manager's products", () => {
  const demo = new DemoPlatform();
  beforeAll(() => demo.start());
  afterAll(() => demo.stop());

  it('adds a product with a price in minor units and edits its stock', async () => {
    const page = await demo.signedInPage('manager', '/m/products/create', TALL);
    await page.getByRole('heading', { level: 1, name: 'Добавить товар' }).waitFor(POLL);
    await page.getByTestId('product-name').fill('Курс Python');
    await page.getByTestId('product-price').fill('12,3x');
    await page.getByText('Введите цену, например 1500 или 1500,50').waitFor();
    expect(await page.getByTestId('product-submit').isEnabled()).toBe(false);
    await page.getByTestId('product-price').fill('1 500,50');
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/products') && r.request().method() === 'POST',
    );
    await page.getByTestId('product-submit').click();
    const response = await created;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({
      price: 150050,
      currency: 'KZT',
      quantity: null,
    });
    await page.waitForURL(`${demo.url}/m/products`);
    const row = page.getByTestId('record-row').filter({ hasText: 'Курс Python' });
    await row.waitFor(POLL);
    expect(await row.textContent()).toMatch(/Курс Python.*1 501 KZT.*Цифровой.*Навсегда.*без ограничений/);
    await page.screenshot({ path: screenshotPath('products') });

    await row.getByRole('link', { name: 'Курс Python' }).click();
    await page.getByRole('heading', { level: 1, name: 'Курс Python' }).waitFor(POLL);
    await page.getByLabel('Остаток').fill('7');
    const saved = page.waitForResponse(
      (r) => /\/api\/products\/[^/]+$/.test(r.url()) && r.request().method() === 'PUT',
    );
    await page.getByTestId('product-submit').click();
    const put = await saved;
    expect(put.status()).toBe(200);
    expect(put.request().postDataJSON()).toEqual({ quantity: 7 });
    await page.waitForURL(`${demo.url}/m/products`);
    await expect
      .poll(async () => page.getByTestId('record-row').filter({ hasText: 'Курс Python' }).textContent(), POLL)
      .toMatch(/7/);
  });

  it('is not a student’s screen', async () => {
    const page = await demo.signedInPage('student', '/m/products');
    const error = page.getByTestId('error-page');
    await error.waitFor(POLL);
    expect(await error.getAttribute('data-status')).toBe('403');
  });
});
