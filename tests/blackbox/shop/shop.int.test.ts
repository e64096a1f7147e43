import { describe, expect, it } from 'vitest';
import { orderStream } from '../../../services/src/contexts/shop/ids';
import { signedTestCallback } from '../../../services/src/contexts/shop/payments/test-provider';
import { tokenFor } from '../records/records-app';
import { TestClient } from '../realtime/client';
import { shopScene } from './shop-scene';

/**
 * The shop end to end with the embedded test provider: a digital product bought with a promo code
 * grants its course; a physical one needs the customer step and adds delivery; duplicated, late and
 * reordered callbacks change nothing; a wrong amount is refused and recorded; nobody else reads an
 * order; a refund revokes. Limits under simultaneous orders: shop-limits.int.test.ts.
 */
const {
  current: env,
  call,
  manager,
  student,
  ids,
  total,
  eventsOf,
  until,
  grants,
  payThroughPage,
} = shopScene();

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
    const history = await env().store.readStream(orderStream(orderId));
    const paymentId = (history.find((e) => e.type === 'OrderPaid')!.data as { payment_id: string })
      .payment_id;
    const again = signedTestCallback({ orderId, paymentId, amount: 850_000, outcome: 'paid' });
    const declinedLate = signedTestCallback({ orderId, paymentId, amount: 850_000, outcome: 'declined' });
    for (const body of [again, declinedLate, again]) {
      const answer = await call('POST', '/api/payment/callback/test', null, body);
      expect(answer.status).toBe(200);
    }
    await env().caughtUp();
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
    const buyer = await TestClient.connect(env().url, student(4));
    const other = await TestClient.connect(env().url, student(5));
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
