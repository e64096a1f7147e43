import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, entityOf } from '../blackbox/authoring/http';
import { DemoPlatform, screenshotPath, seedTokensScript } from './support/demo-platform';

/** A loaded machine may take seconds to load a screen or a projection: polls wait longer than 1 s. */
const POLL = { timeout: 30_000 };
const TALL = { viewport: { width: 1280, height: 1100 } };
const ASSIGNMENT = 'Платная контрольная';

/**
 * Passes the page's realtime socket through, holding back the server's `OrderCompleted` frames until
 * `release()`: the payment modal's "paid, processing" state (between OrderPaid and OrderCompleted, an
 * instant on a quick machine) stays on screen for as long as the test looks at it, with no timing.
 */
async function holdOrderCompleted(page: Page): Promise<{ held: () => number; release: () => void }> {
  const held: { frame: string | Buffer; send: (frame: string | Buffer) => void }[] = [];
  let holding = true;
  await page.routeWebSocket(/\/ws$/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((frame) => server.send(frame));
    server.onMessage((frame) => {
      const completed = typeof frame === 'string' && frame.includes('"OrderCompleted"');
      if (completed && holding) held.push({ frame, send: (f) => socket.send(f) });
      else socket.send(frame);
    });
  });
  return {
    held: () => held.length,
    release: () => {
      holding = false;
      for (const { frame, send } of held.splice(0)) send(frame);
    },
  };
}

/**
 * A prepaid assignment's buy button (docs/shop.md "Screens"): the student named in a prepaid
 * assignment's list but without a purchase sees 'Купить за …' on its page and cannot start it; the button
 * adds the product that grants it and opens the basket, the test provider's page pays, the payment modal
 * shows "paid, processing" (it cannot be closed) and then "completed", and closing it refreshes the page: 'Куплено' in place of the button, and the
 * assignment now starts.
 */
describe('a prepaid assignment bought from its page', () => {
  const demo = new DemoPlatform();
  let assignmentId = '';
  let studentTokens: Record<string, string> = {};

  /** The student starting an attempt, as the register screen would. */
  const start = (token: string) =>
    fetch(`${demo.url}/api/assignment-attempts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ assignment_id: assignmentId }),
    });

  beforeAll(async () => {
    await demo.start();
    const http = client(demo.url);
    const teacher = await http.token('teacher');
    const manager = await http.token('manager');
    studentTokens = await demo.tokensOf('student');
    const student = studentTokens.access_token!;
    const me = (await http.call('GET', '/api/user.json', student)).body;
    const studentId = (me.entity?.id ?? me.id) as string;
    assignmentId = entityOf(
      await http.call('POST', '/api/assignments', teacher, {
        type: 'external',
        name: ASSIGNMENT,
        access_type: 'prepaid',
        students: [studentId],
      }),
      201,
    ).id;
    entityOf(
      await http.call('POST', '/api/products', manager, {
        name: 'Доступ к контрольной',
        price: 200_000,
        currency: 'KZT',
        assignment_id: assignmentId,
      }),
      201,
    );
    entityOf(await http.call('POST', '/api/payment-providers', manager, { name: 'Тестовая оплата' }), 201);
  });
  afterAll(() => demo.stop());

  it('shows the buy button, pays through the basket, and the assignment opens', async () => {
    const token = studentTokens.access_token!;
    // Without a purchase the assignment does not start.
    expect((await start(token)).status).toBe(403);

    const page = await demo.newPage(TALL);
    await page.addInitScript(seedTokensScript(studentTokens));
    const socket = await holdOrderCompleted(page);
    await page.goto(`${demo.url}/s/assignments/${assignmentId}`);
    await page.getByRole('heading', { level: 1, name: ASSIGNMENT }).waitFor(POLL);
    const buy = page.getByTestId('buy-button');
    await buy.waitFor(POLL);
    expect(await buy.textContent()).toContain('2 000 KZT');
    // Not bought: the page says access opens after payment instead of offering a start the server refuses.
    await page.getByTestId('paid-access').getByText('Доступ откроется после оплаты.').waitFor(POLL);
    expect(await page.getByTestId('go-register').count()).toBe(0);
    await page.screenshot({ path: screenshotPath('shop-assignment-buy') });

    await buy.click();
    const basket = page.getByRole('dialog', { name: 'Корзина' });
    await basket.getByTestId('basket-item').filter({ hasText: 'Доступ к контрольной' }).waitFor(POLL);
    expect(await basket.getByTestId('basket-total').textContent()).toBe('2 000 KZT');
    // Digital only: no customer step, straight to payment.
    await basket.getByTestId('basket-continue').click();
    await basket.getByTestId('payment-provider').filter({ hasText: 'Тестовая оплата' }).click();
    const modal = page.getByRole('dialog', { name: 'Тестовая оплата' });
    await modal.getByTestId('payment-view').waitFor(POLL);
    await page.frameLocator('[data-testid="payment-view"]').getByRole('button', { name: 'Pay' }).click(POLL);
    // OrderPaid came, OrderCompleted is held: "paid, processing", and the modal has no close button.
    await modal.getByTestId('payment-paid').waitFor(POLL);
    expect(await modal.getByTestId('payment-paid').textContent()).toBe('Заказ оплачен, обрабатываем…');
    expect(await modal.locator('.mantine-Modal-close').count()).toBe(0);
    await page.screenshot({ path: screenshotPath('shop-assignment-paid') });
    await expect.poll(socket.held, POLL).toBeGreaterThan(0);
    socket.release();
    await modal.getByTestId('payment-completed').waitFor(POLL);
    await modal.getByTestId('payment-close').click();
    await basket.waitFor({ state: 'detached' });

    // Closing after completion refreshed the page: bought, and the assignment can be started.
    await page.getByTestId('bought').waitFor(POLL);
    expect(await page.getByTestId('buy-button').count()).toBe(0);
    await page.getByTestId('go-register').waitFor(POLL);
    await page.screenshot({ path: screenshotPath('shop-assignment-bought') });
    await expect.poll(async () => (await start(token)).status, POLL).toBe(201);
    expect(demo.errors).toEqual([]);
  });
});
