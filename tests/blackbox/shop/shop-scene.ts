import { afterAll, beforeAll, expect } from 'vitest';
import { tokenFor } from '../records/records-app';
import { caller, type Body } from '../schools/contexts-app';
import { startShopApp, type ShopApp } from './shop-app';

/**
 * One school's shop for a test file: products (a course, a book), the test payment provider, delivery
 * to Almaty and two promo codes are created before its tests; the helpers call and watch it.
 */
export function shopScene() {
  let env: ShopApp;
  const call = caller(() => env.app);
  const manager = tokenFor('manager', 'school-a');
  const student = (n: number) => tokenFor('student', 'school-a', n);
  const ids: Record<string, string> = {};

  async function created(collection: string, body: object): Promise<string> {
    const answer = await call('POST', `/api/${collection}`, manager, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.entity!.id;
  }
  const total = async (token: string) =>
    (await call('GET', '/api/order/total.json', token)).body as Body & {
      id: string;
      total: { raw: number };
      savings: { raw: number };
      delivery: { raw: number };
      is_needs_shipment: boolean;
    };
  async function eventsOf(stream: string) {
    return (await env.store.readStream(stream)).map((e) => e.type);
  }
  async function until<T>(probe: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
    for (;;) {
      const value = await probe();
      if (ok(value)) return value;
      await env.caughtUp();
    }
  }
  const grants = async (token: string) =>
    (await call('GET', '/api/shop/grants.json', token)).body.entities as {
      course_id: string | null;
      order_id: string;
    }[];

  /** Makes the payment and presses Pay on the test provider's page, as the browser does. */
  async function payThroughPage(token: string, providerId: string) {
    const made = await call('POST', `/api/payment/make/${providerId}`, token, { is_mobile: false });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const src = /src="([^"]+)"/.exec(String(made.body.view))![1]!.replace(/&#38;/g, '&');
    const page = await env.app.inject({ method: 'GET', url: src });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const url = new URL(src, 'http://x');
    const form = new URLSearchParams({
      order_id: url.searchParams.get('order')!,
      amount: url.searchParams.get('amount')!,
      token: url.searchParams.get('token')!,
    });
    const pressed = await env.app.inject({
      method: 'POST',
      url: `${url.pathname}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(pressed.statusCode, pressed.body).toBe(200);
    return {
      orderId: String(made.body.order_id),
      paymentId: String(made.body.payment_id),
      amount: Number(url.searchParams.get('amount')),
    };
  }

  beforeAll(async () => {
    env = await startShopApp();
    ids.course = await created('products', {
      name: 'Курс Python',
      price: 1_000_000, // 10 000.00 KZT
      currency: 'KZT',
      course_id: 'course-python',
    });
    ids.book = await created('products', {
      name: 'Учебник',
      price: 250_050,
      currency: 'KZT',
      shipment_type: 'physical',
      quantity: 100,
    });
    ids.provider = await created('payment-providers', { name: 'Тестовая оплата', type: 'test' });
    ids.method = await created('delivery-methods', { name: 'Курьер' });
    ids.cityMethod = await created('city-delivery-methods', {
      city_id: 'almaty',
      delivery_method_id: ids.method,
      cost: 150_000,
      currency: 'KZT',
      time: 2,
    });
    await created('promocodes', { name: 'SALE15', kind: 'percent', value: 15 });
    await created('promocodes', {
      name: 'LIMIT10',
      kind: 'amount',
      value: 100_000,
      currency: 'KZT',
      max_uses: 10,
    });
  }, 120_000);
  afterAll(async () => env?.close());

  async function promoId(name: string): Promise<string> {
    const list = await call('GET', `/api/promocodes?filter[name]=${name}`, manager);
    return (list.body.entities as { id: string }[])[0]!.id;
  }

  /** The running app, for the tests that read its store or connect to it. */
  const current = () => env;

  return {
    current,
    call,
    manager,
    student,
    ids,
    created,
    total,
    eventsOf,
    until,
    grants,
    payThroughPage,
    promoId,
  };
}
