import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SCHOOL_ID } from '../../services/src/contexts/identity/seed';
import { DemoPlatform, screenshotPath, signInThroughModal } from './support/demo-platform';

const POLL = { timeout: 30_000 };
const TALL = { viewport: { width: 1280, height: 1100 } };

/**
 * The manager's products against the demo platform: a price typed with a comma reaches the server in
 * minor units and shows, as the specification formats money, in whole units; an edit sends only the
 * changed field; a student buys a course through the header's basket (promo code, the test provider's
 * page in the payment frame, the order channel's paid and completed states) and gets its course; a
 * student cannot open the manager's screen.
 */
describe("a manager's products", () => {
  const demo = new DemoPlatform();
  beforeAll(() => demo.start());

  /** JSON over the API as a demo user (the data a test needs, made the way the screens make it). */
  async function as(username: string, method: string, pathname: string, body?: unknown) {
    const { access_token } = await demo.tokensOf(username);
    const response = await fetch(`${demo.url}${pathname}`, {
      method,
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as { entity: Record<string, unknown> & { id: string } };
    expect(response.status, JSON.stringify(json)).toBeLessThan(300);
    return json.entity;
  }
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

    // The name opens the product's own view: price, kind, stock, promo codes, recent orders, edit.
    await row.getByRole('link', { name: 'Курс Python' }).click();
    await page.waitForURL(/\/m\/products\/view\//);
    const view = page.getByTestId('product-view');
    await view.getByRole('heading', { level: 1, name: 'Курс Python' }).waitFor(POLL);
    expect(await view.getByTestId('product-view-price').textContent()).toBe('1 501 KZT');
    expect(await view.getByTestId('product-view-stock').textContent()).toBe('без ограничений');
    await view.getByTestId('product-view-orders').getByText('Заказов с этим товаром пока нет').waitFor(POLL);
    await view.getByTestId('product-view-promocodes').waitFor(POLL);
    await page.screenshot({ path: screenshotPath('product-view'), fullPage: true });
    await page.getByRole('link', { name: 'Изменить' }).click();
    await page.waitForURL(/\/m\/products\/edit\//);
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

  it('a student buys a course through the basket with a promo code and the test provider', async () => {
    const product = await as('manager', 'POST', '/api/products', {
      name: 'Курс JS',
      price: 500_000,
      course_id: 'course-js',
    });
    await as('manager', 'POST', '/api/payment-providers', { name: 'Тестовая оплата' });
    await as('manager', 'POST', '/api/promocodes', { name: 'WEB10', kind: 'percent', value: 10 });
    await as('student', 'POST', '/api/basket/add.json', { product_id: product.id });

    const page = await demo.signedInPage('student', '/s', TALL);
    await page.getByTestId('header-basket').click();
    const basket = page.getByRole('dialog', { name: 'Корзина' });
    await basket.getByTestId('basket-item').filter({ hasText: 'Курс JS' }).waitFor(POLL);
    expect(await basket.getByTestId('basket-total').textContent()).toBe('5 000 KZT');
    await basket.getByTestId('basket-promocode').fill('web10');
    await basket.getByTestId('basket-promocode-apply').click();
    await basket.getByTestId('basket-savings').filter({ hasText: '500 KZT' }).waitFor(POLL);
    expect(await basket.getByTestId('basket-total').textContent()).toBe('4 500 KZT');
    // Digital only: no customer step, straight to payment.
    await basket.getByTestId('basket-continue').click();
    await basket.getByTestId('payment-provider').filter({ hasText: 'Тестовая оплата' }).click();
    // The provider's view opens in the payment modal, beside the basket.
    const modal = page.getByRole('dialog', { name: 'Тестовая оплата' });
    await modal.getByTestId('payment-view').waitFor(POLL);
    await page.frameLocator('[data-testid="payment-view"]').getByRole('button', { name: 'Pay' }).click(POLL);
    // OrderPaid then OrderCompleted arrive on the order's channel.
    await modal.getByTestId('payment-completed').waitFor(POLL);
    await modal.getByTestId('payment-close').click();
    await basket.waitFor({ state: 'detached' });
    const { access_token } = await demo.tokensOf('student');
    const grants = (await (await demo.getAs(access_token!, '/api/shop/grants.json')).json()) as {
      entities: { course_id: string }[];
    };
    expect(grants.entities.map((g) => g.course_id)).toContain('course-js');
  });

  it('is not a student’s screen', async () => {
    const page = await demo.signedInPage('student', '/m/products');
    const error = page.getByTestId('error-page');
    await error.waitFor(POLL);
    expect(await error.getAttribute('data-status')).toBe('403');
  });

  it("a guest fills a basket on the school's shop page, signs in to pay, and the basket is theirs", async () => {
    const page = await demo.open(`/shop/${DEMO_SCHOOL_ID}`, TALL);
    const card = page.getByTestId('shop-product').filter({ hasText: 'Ваучер на пробный экзамен' });
    await card.waitFor(POLL);
    const added = page.waitForResponse((r) => r.url().endsWith('/api/basket/add.json'));
    await card.getByTestId('shop-add').click();
    const answer = await added;
    expect(answer.status()).toBe(200);
    // No token: the call named the guest's basket by its session.
    expect(answer.request().headers()['x-basket-session']).toMatch(/^[0-9a-f]{32}$/);
    expect(answer.request().headers().authorization).toBeUndefined();
    await expect.poll(() => page.getByTestId('shop-basket').textContent(), POLL).toBe('Корзина: 5 000 KZT');
    await page.getByTestId('shop-basket').click();
    const basket = page.getByRole('dialog', { name: 'Корзина' });
    await basket.getByTestId('basket-item').filter({ hasText: 'Ваучер на пробный экзамен' }).waitFor(POLL);
    expect(await basket.getByTestId('basket-promocode').count()).toBe(0);
    await page.screenshot({ path: screenshotPath('shop-guest-basket') });
    await basket.getByTestId('basket-sign-in').click();
    await signInThroughModal(page, 'student');
    // Back on the shop page, signed in: the guest's basket merged into the student's.
    await page.waitForURL(`${demo.url}/shop/${DEMO_SCHOOL_ID}`, POLL);
    const { access_token } = await demo.tokensOf('student');
    await expect
      .poll(async () => {
        const items = (await (await demo.getAs(access_token!, '/api/basket')).json()) as {
          entities?: { product: { name: string } }[];
        };
        return items.entities?.map((i) => i.product.name) ?? items;
      }, POLL)
      .toEqual(['Ваучер на пробный экзамен']);
  });
});
