import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStream, promoStream } from '../../../services/src/contexts/shop/ids';
import { signedTestCallback } from '../../../services/src/contexts/shop/payments/test-provider';
import { tokenFor } from '../records/records-app';
import { TestClient } from '../realtime/client';
import { caller, type Body } from '../schools/contexts-app';
import { startShopApp, type ShopApp } from './shop-app';

/**
 * The shop end to end with the embedded test provider: a digital product bought with a promo code
 * grants its course; a physical one needs the customer step and adds delivery; duplicated, late and
 * reordered callbacks change nothing; a wrong amount is refused and recorded; nobody else reads an
 * order; a promo code's last uses are not taken twice under 50 simultaneous orders; a refund revokes.
 */
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

describe('a digital product bought with a promo code', () => {
  it('totals exactly in minor units, takes the payment and grants the course', async () => {
    expect((await call('POST', '/api/basket/add.json', student(1), { product_id: ids.course })).status).toBe(
      200,
    );
    const attached = await call('POST', '/api/order/attach-promocode.json', student(1), {
      promocode: 'sale15',
    });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    const t = await total(student(1));
    expect(t.total.raw).toBe(850_000);
    expect(t.savings.raw).toBe(150_000);
    expect(t.is_needs_shipment).toBe(false);
    const basket = await call('GET', '/api/basket', student(1));
    const [item] = basket.body.entities as { product_price: { new: { raw: number } }; quantity: number }[];
    expect(item).toMatchObject({ quantity: 1, product_price: { new: { raw: 850_000 } } });

    const paid = await payThroughPage(student(1), ids.provider!);
    ids.order1 = paid.orderId;
    expect(paid.amount).toBe(850_000);
    const granted = await until(
      () => grants(student(1)),
      (g) => g.length > 0,
    );
    expect(granted.map((g) => g.course_id)).toEqual(['course-python']);
    const order = await until(
      () => call('GET', `/api/orders/${paid.orderId}`, student(1)),
      (a) => a.body.entity?.status === 'completed',
    );
    expect(order.body.entity).toMatchObject({ is_paid: true, amount: { raw: 850_000 } });
    // The next basket is a new, empty order.
    const next = await total(student(1));
    expect(next.id).not.toBe(paid.orderId);
    expect(next.total.raw).toBe(0);
  });

  it('keeps one payment and one grant when the callback comes twice, late or out of order', async () => {
    const orderId = ids.order1!;
    const { state } = { state: (await call('GET', `/api/orders/${orderId}`, student(1))).body.entity! };
    const history = await env.store.readStream(orderStream(orderId));
    const paymentId = (history.find((e) => e.type === 'OrderPaid')!.data as { payment_id: string })
      .payment_id;
    const again = signedTestCallback({ orderId, paymentId, amount: 850_000, outcome: 'paid' });
    const declinedLate = signedTestCallback({ orderId, paymentId, amount: 850_000, outcome: 'declined' });
    for (const body of [again, declinedLate, again]) {
      const answer = await call('POST', '/api/payment/callback/test', null, body);
      expect(answer.status).toBe(200);
    }
    await env.caughtUp();
    const types = await eventsOf(orderStream(orderId));
    expect(types.filter((t) => t === 'OrderPaid')).toHaveLength(1);
    expect(types.filter((t) => t === 'OrderCompleted')).toHaveLength(1);
    expect(types).not.toContain('PaymentDeclined');
    expect(await eventsOf(`shop_grant-${orderId}`)).toEqual(['ProductAccessGranted']);
    expect(state.status).toBe('completed');
  });

  it('refuses a forged signature', async () => {
    const forged = {
      ...signedTestCallback({ orderId: ids.order1!, paymentId: 'x', amount: 1, outcome: 'paid' }),
      amount: 2,
    };
    expect((await call('POST', '/api/payment/callback/test', null, forged)).status).toBe(403);
  });
});

describe('the order channel', () => {
  it('admits only the buyer and carries OrderPaid then OrderCompleted', async () => {
    await call('POST', '/api/basket/add.json', student(4), { product_id: ids.course });
    const made = await call('POST', `/api/payment/make/${ids.provider}`, student(4), {});
    const orderId = String(made.body.order_id);
    const channel = `order.${orderId}`;
    const buyer = await TestClient.connect(env.url, student(4));
    const other = await TestClient.connect(env.url, student(5));
    const auth = (token: string, socketId: string) =>
      call('POST', '/broadcasting/auth', token, { socket_id: socketId, channel_name: channel });
    const signed = await auth(student(4), buyer.socketId);
    expect(signed.status).toBe(200);
    expect(await buyer.client.subscribe(channel, signed.body.auth as string)).toMatchObject({
      event: 'subscribed',
    });
    expect((await auth(student(5), other.socketId)).status).toBe(403);

    const paidFrame = buyer.client.next((m) => m.event === 'OrderPaid');
    const completedFrame = buyer.client.next((m) => m.event === 'OrderCompleted');
    const body = signedTestCallback({
      orderId,
      paymentId: String(made.body.payment_id),
      amount: 1_000_000,
      outcome: 'paid',
    });
    expect((await call('POST', '/api/payment/callback/test', null, body)).status).toBe(200);
    expect(await paidFrame).toMatchObject({ channel, data: { order: { id: orderId, is_paid: true } } });
    expect(await completedFrame).toMatchObject({
      channel,
      data: { order: { id: orderId, status: 'completed' } },
    });
    buyer.client.close();
    other.client.close();
  });
});

describe('a physical product', () => {
  it('needs the customer step, adds delivery, and refuses and records a wrong amount', async () => {
    await call('POST', '/api/basket/add.json', student(2), { product_id: ids.book });
    await call('POST', '/api/basket/add.json', student(2), { product_id: ids.book });
    const before = await total(student(2));
    expect(before).toMatchObject({ is_needs_shipment: true, total: { raw: 500_100 }, delivery: { raw: 0 } });
    const early = await call('POST', `/api/payment/make/${ids.provider}`, student(2), {});
    expect(early.status).toBe(422);
    expect(early.body.errors).toHaveProperty('customer');

    const customer = {
      firstname: 'Айгерим',
      lastname: 'Касымова',
      city_id: 'almaty',
      address_1: 'Абая, 1',
      city_delivery_method_id: ids.cityMethod,
    };
    const wrongCity = await call('POST', '/api/order/customer.json', student(2), {
      ...customer,
      city_id: 'astana',
    });
    expect(wrongCity.status).toBe(422);
    expect(wrongCity.body.message).toBe('Отсутствуют службы доставки');
    expect((await call('POST', '/api/order/customer.json', student(2), customer)).status).toBe(200);
    const after = await total(student(2));
    expect(after).toMatchObject({ total: { raw: 650_100 }, delivery: { raw: 150_000 } });

    const made = await call('POST', `/api/payment/make/${ids.provider}`, student(2), {});
    const orderId = String(made.body.order_id);
    const paymentId = String(made.body.payment_id);
    ids.order2 = orderId;
    const wrong = await call(
      'POST',
      '/api/payment/callback/test',
      null,
      signedTestCallback({ orderId, paymentId, amount: 1, outcome: 'paid' }),
    );
    expect(wrong.status).toBe(422);
    expect(await eventsOf(orderStream(orderId))).toContain('PaymentCallbackRefused');
    expect((await total(student(2))).id).toBe(orderId); // still the open basket, unpaid

    const right = await call(
      'POST',
      '/api/payment/callback/test',
      null,
      signedTestCallback({ orderId, paymentId, amount: 650_100, outcome: 'paid' }),
    );
    expect(right.status).toBe(200);
    const customerRead = await call('GET', `/api/order-customers/${orderId}`, manager);
    expect(customerRead.body.entity).toMatchObject({ firstname: 'Айгерим', city_id: 'almaty' });
  });
});

describe('privacy', () => {
  it('another student reads neither the order nor its customer, nor subscribes to it', async () => {
    expect((await call('GET', `/api/orders/${ids.order2}`, student(3))).status).toBe(404);
    expect((await call('GET', `/api/order-customers/${ids.order2}`, student(3))).status).toBe(404);
    const list = await call('GET', '/api/orders', student(3));
    expect((list.body.entities as { data: unknown[] }).data).toEqual([]);
    const mine = await call('GET', '/api/orders', student(2));
    expect((mine.body.entities as { data: { id: string }[] }).data.map((o) => o.id)).toEqual([ids.order2]);
    // Another school's manager does not see it either; promo codes are not listed to students.
    expect((await call('GET', `/api/orders/${ids.order2}`, tokenFor('manager', 'school-b'))).status).toBe(
      404,
    );
    expect((await call('GET', '/api/promocodes', student(3))).status).toBe(403);
    expect((await call('GET', '/api/order/customer.json', student(3))).body.entity).toBeNull();
  });
});

describe('a promo code with 10 uses left', () => {
  it('is checked at attach, held when the payment starts: 10 of 50 simultaneous orders are paid discounted', async () => {
    const buyers = Array.from({ length: 50 }, (_, i) => student(100 + i));
    for (const token of buyers) await call('POST', '/api/basket/add.json', token, { product_id: ids.course });
    const attached = await Promise.all(
      buyers.map((token) =>
        call('POST', '/api/order/attach-promocode.json', token, { promocode: 'LIMIT10' }),
      ),
    );
    // Attaching takes nothing: every buyer sees the discount until someone pays.
    expect(attached.filter((a) => a.status === 200)).toHaveLength(50);
    const stream = promoStream(await promoId('LIMIT10'));
    expect(await eventsOf(stream)).not.toContain('PromoCodeReserved');

    const made = await Promise.all(
      buyers.map((token) => call('POST', `/api/payment/make/${ids.provider}`, token, {})),
    );
    const started = made.filter((a) => a.status === 200);
    expect(started).toHaveLength(10);
    const refused = made.filter((a) => a.status === 422);
    expect(refused).toHaveLength(40);
    expect(refused[0]!.body.errors).toHaveProperty('promocode');
    for (const answer of started) {
      const body = signedTestCallback({
        orderId: String(answer.body.order_id),
        paymentId: String(answer.body.payment_id),
        amount: 900_000,
        outcome: 'paid',
      });
      expect((await call('POST', '/api/payment/callback/test', null, body)).status).toBe(200);
    }
    await until(
      () => eventsOf(stream),
      (types) => types.filter((t) => t === 'PromoCodeUsed').length === 10,
    );
    const orders = await Promise.all(
      started.map(
        async (a) => (await call('GET', `/api/orders/${String(a.body.order_id)}`, manager)).body.entity!,
      ),
    );
    expect(
      orders.filter((o) => o.is_paid === true && (o.savings as { raw: number }).raw === 100_000),
    ).toHaveLength(10);
    // With every use taken, attaching it to a new basket is refused.
    await call('POST', '/api/basket/add.json', student(160), { product_id: ids.course });
    const late = await call('POST', '/api/order/attach-promocode.json', student(160), {
      promocode: 'LIMIT10',
    });
    expect(late.status).toBe(422);
    expect(late.body.errors).toHaveProperty('promocode');
  }, 120_000);
});

describe('a physical product with 3 in stock', () => {
  it('lets 3 of 12 simultaneous payments start and gives a unit back when its item leaves the basket', async () => {
    const limited = await created('products', {
      name: 'Набор',
      price: 10_000,
      shipment_type: 'physical',
      quantity: 3,
    });
    const customer = {
      firstname: 'A',
      lastname: 'B',
      city_id: 'almaty',
      address_1: 'Абая, 2',
      city_delivery_method_id: ids.cityMethod,
    };
    const buyers = Array.from({ length: 12 }, (_, i) => student(200 + i));
    for (const token of buyers) {
      await call('POST', '/api/basket/add.json', token, { product_id: limited });
      await call('POST', '/api/order/customer.json', token, customer);
    }
    const answers = await Promise.all(
      buyers.map((token) => call('POST', `/api/payment/make/${ids.provider}`, token, {})),
    );
    const started = buyers.filter((_, i) => answers[i]!.status === 200);
    expect(started).toHaveLength(3);
    const refused = answers.filter((a) => a.status === 422);
    expect(refused).toHaveLength(9);
    expect(refused[0]!.body.message).toBe('Товара нет в наличии');

    const waiting = buyers.find((token) => !started.includes(token))!;
    await call('POST', '/api/basket/remove.json', started[0]!, { product_id: limited });
    const retried = await until(
      () => call('POST', `/api/payment/make/${ids.provider}`, waiting, {}),
      (a) => a.status === 200,
    );
    expect(retried.body.view).toContain('iframe');
  }, 120_000);
});

describe('the address search', () => {
  it('starts after 3 characters and finds the reference cities with the embedded gazetteer', async () => {
    expect((await call('GET', '/api/geocoder?address=Алм', student(1))).body.entities).toEqual([]);
    const found = await call(
      'GET',
      `/api/geocoder?address=${encodeURIComponent('Алматы, Абая 1')}`,
      student(1),
    );
    expect(found.status).toBe(200);
    expect(found.body.entities).toMatchObject([{ city_id: 'almaty', zoom: 18 }]);
    const reverse = await call('GET', '/api/geocoder?address=51.13,71.43&raw=1&limit=1', student(1));
    expect(reverse.body.entities).toMatchObject([{ city_id: 'astana', lat: 51.13, lng: 71.43 }]);
    const bad = await call('GET', '/api/geocoder?address=north&raw=1', student(1));
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('address');
    expect((await call('GET', '/api/geocoder?address=Алматы', null)).status).toBe(401);
  });
});

async function promoId(name: string): Promise<string> {
  const list = await call('GET', `/api/promocodes?filter[name]=${name}`, manager);
  return (list.body.entities as { id: string }[])[0]!.id;
}

describe('a refund', () => {
  it('revokes what the order granted', async () => {
    expect((await call('POST', `/api/orders/${ids.order1}/refund.json`, student(1))).status).toBe(403);
    const refunded = await call('POST', `/api/orders/${ids.order1}/refund.json`, manager);
    expect(refunded.status).toBe(200);
    expect(refunded.body.entity).toMatchObject({ status: 'refunded' });
    const left = await until(
      () => grants(student(1)),
      (g) => g.length === 0,
    );
    expect(left).toEqual([]);
    expect(await eventsOf(`shop_grant-${ids.order1}`)).toEqual([
      'ProductAccessGranted',
      'ProductAccessRevoked',
    ]);
  });
});
