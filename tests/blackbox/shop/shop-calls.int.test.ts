import { describe, expect, it } from 'vitest';
import { orderStream } from '../../../services/src/contexts/shop/ids';
import { tokenFor } from '../records/records-app';
import type { Body } from '../schools/contexts-app';
import { shopScene } from './shop-scene';

/**
 * The specification's basket calls beyond the purchase itself (001 §7, 000 §7): the list narrowed by
 * `X-Requested-Fields`, `clear.json` with ids, the test provider's Decline button, and what another
 * student cannot see of someone's open basket (its items, total, customer and order).
 */
const { current: env, call, manager, student, ids, until, eventsOf, created } = shopScene();

const customer = () => ({
  firstname: 'Айгерим',
  lastname: 'Касымова',
  city_id: 'almaty',
  address_1: 'Абая, 1',
  city_delivery_method_id: ids.cityMethod,
});

/** The test provider's page of a started payment, as the payment modal's frame opens it. */
async function bankPage(token: string) {
  const made = await call('POST', `/api/payment/make/${ids.provider}`, token, { is_mobile: false });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const src = /src="([^"]+)"/.exec(String(made.body.view))![1]!.replace(/&#38;/g, '&');
  const url = new URL(src, 'http://x');
  const press = (outcome: 'pay' | 'decline', token = url.searchParams.get('token')!) =>
    env().app.inject({
      method: 'POST',
      url: `${url.pathname}/${outcome}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        order_id: url.searchParams.get('order')!,
        amount: url.searchParams.get('amount')!,
        token,
      }).toString(),
    });
  return { orderId: String(made.body.order_id), paymentId: String(made.body.payment_id), src, press };
}

describe('the basket list', () => {
  it('answers only the fields X-Requested-Fields names, and the id always', async () => {
    const buyer = student(301);
    await call('POST', '/api/basket/add.json', buyer, { product_id: ids.course });
    const full = await call('GET', '/api/basket', buyer);
    const [line] = full.body.entities as Body[];
    expect(line).toMatchObject({ id: ids.course, quantity: 1, product: { name: 'Курс Python' } });
    expect(Object.keys(line!)).toEqual(expect.arrayContaining(['amount', 'product_price', 'status']));

    const narrowed = await env().app.inject({
      method: 'GET',
      url: '/api/basket',
      headers: { authorization: `Bearer ${buyer}`, 'x-requested-fields': 'quantity, product_price' },
    });
    expect(narrowed.statusCode).toBe(200);
    const [only] = (narrowed.json() as Body).entities as Body[];
    expect(Object.keys(only!).sort()).toEqual(['id', 'product_price', 'quantity']);
    expect(only).toMatchObject({ id: ids.course, quantity: 1, product_price: { old: { raw: 1_000_000 } } });
    // A product field by its dotted path; a header that is not a list of field names is a 422.
    const ask = (fields: string) =>
      env().app.inject({
        method: 'GET',
        url: '/api/basket',
        headers: { authorization: `Bearer ${buyer}`, 'x-requested-fields': fields },
      });
    const dotted = (await ask('amount.new,product.name')).json() as Body;
    expect(dotted.entities).toEqual([
      {
        id: ids.course,
        amount: { new: { raw: 1_000_000, formatted: '10 000 KZT' } },
        product: { name: 'Курс Python' },
      },
    ]);
    const bad = await ask('name; DROP');
    expect(bad.statusCode).toBe(422);
    expect((bad.json() as Body).errors).toHaveProperty('X-Requested-Fields');
  });

  it('clear.json takes the named lines out and leaves the others', async () => {
    const buyer = student(302);
    for (const product of [ids.course, ids.book])
      await call('POST', '/api/basket/add.json', buyer, { product_id: product });
    const cleared = await call('POST', '/api/basket/clear.json', buyer, { ids: [ids.course] });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body).toMatchObject({ subtotal: { raw: 250_050 }, is_needs_shipment: true });
    const left = (await call('GET', '/api/basket', buyer)).body.entities as { id: string }[];
    expect(left.map((l) => l.id)).toEqual([ids.book]);
    const all = await call('POST', '/api/basket/clear.json', buyer, { ids: [ids.book, ids.course] });
    expect(all.body).toMatchObject({ total: { raw: 0 }, is_needs_shipment: false });
    expect((await call('GET', '/api/basket', buyer)).body.entities).toEqual([]);
    expect((await call('POST', '/api/basket/clear.json', buyer, { ids: 'x' })).status).toBe(422);
  });
});

describe('the orders list and the delivery lookups', () => {
  it("searches by promo code and filters by state; lists a city's delivery methods", async () => {
    const buyer = student(306);
    await call('POST', '/api/basket/add.json', buyer, { product_id: ids.course });
    await call('POST', '/api/order/attach-promocode.json', buyer, { promocode: 'SALE15' });
    const basket = (await call('GET', '/api/order/total.json', buyer)).body as Body & { id: string };
    await until(
      () => call('GET', `/api/orders?query=sale15&status=basket`, manager),
      (a) => (a.body.entities as { data: { id: string }[] }).data.some((o) => o.id === basket.id),
    );
    const found = (await call('GET', '/api/orders?query=sale15&status=basket&limit=5', manager)).body
      .entities as { data: { id: string; promocode: string }[]; per_page: number; current_page: number };
    expect(found).toMatchObject({ per_page: 5, current_page: 1 });
    expect(found.data.every((o) => o.promocode === 'SALE15')).toBe(true);
    const none = await call('GET', '/api/orders?query=sale15&status=refunded', manager);
    expect((none.body.entities as { data: unknown[] }).data).toEqual([]);
    expect((await call('GET', '/api/orders?status=lost', manager)).status).toBe(422);

    const methodsOf = async (city: string) =>
      (
        (await call('GET', `/api/city-delivery-methods?city_id=${city}`, buyer)).body.entities as {
          id: string;
        }[]
      ).map((m) => m.id);
    expect(await methodsOf('almaty')).toEqual([ids.cityMethod]);
    expect(await methodsOf('astana')).toEqual([]);
  });

  it("pays only through the buyer's own school's provider", async () => {
    const outsider = tokenFor('student', 'school-b', 1);
    const made = await call('POST', `/api/payment/make/${ids.provider}`, outsider, { is_mobile: false });
    expect(made.status).toBe(422);
    expect(made.body.message).toBe('Отсутствуют провайдеры оплаты');
    expect(made.body.errors).toHaveProperty('provider_id');
    const unknown = await call('POST', '/api/payment/make/no-such-provider', student(307), {});
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toBe('Отсутствуют провайдеры оплаты');
  });
});

describe("the test provider's Decline button", () => {
  it('declines the payment: nothing is granted, Pay after it changes nothing, a new payment can be paid', async () => {
    const buyer = student(303);
    await call('POST', '/api/basket/add.json', buyer, { product_id: ids.course });
    const first = await bankPage(buyer);
    const page = await env().app.inject({ method: 'GET', url: first.src });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Decline');
    // A page token that is not the platform's opens nothing and presses nothing.
    expect((await first.press('decline', 'forged')).statusCode).toBe(404);

    const declined = await first.press('decline');
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.body).toContain('Declined');
    const types = await eventsOf(orderStream(first.orderId));
    expect(types.filter((t) => t === 'PaymentDeclined')).toHaveLength(1);
    expect(types).not.toContain('OrderPaid');
    // The first final word stands: Pay pressed after Decline on the same payment pays nothing.
    const late = await first.press('pay');
    expect(late.statusCode).toBe(200);
    expect(late.body).toContain('Declined');
    expect(await eventsOf(orderStream(first.orderId))).not.toContain('OrderPaid');
    const order = await call('GET', `/api/orders/${first.orderId}`, buyer);
    expect(order.body.entity).toMatchObject({ status: 'basket', is_paid: false });
    await env().caughtUp();
    expect((await call('GET', '/api/shop/grants.json', buyer)).body.entities).toEqual([]);

    // The basket stays: a new payment of the same order goes through.
    const second = await bankPage(buyer);
    expect(second.orderId).toBe(first.orderId);
    expect(second.paymentId).not.toBe(first.paymentId);
    expect((await second.press('pay')).statusCode).toBe(200);
    const completed = await until(
      () => call('GET', `/api/orders/${first.orderId}`, buyer),
      (a) => a.body.entity?.status === 'completed',
    );
    expect(completed.body.entity).toMatchObject({ is_paid: true });
  });
});

describe("another student and someone's open basket", () => {
  it('sees neither its items, its total, its customer nor its order', async () => {
    const owner = student(304);
    const other = student(305);
    await call('POST', '/api/basket/add.json', owner, { product_id: ids.book });
    expect((await call('POST', '/api/order/customer.json', owner, customer())).status).toBe(200);
    const mine = (await call('GET', '/api/order/total.json', owner)).body as Body & { id: string };
    expect(mine).toMatchObject({ total: { raw: 400_050 }, is_needs_shipment: true });

    expect((await call('GET', '/api/basket', other)).body.entities).toEqual([]);
    const theirs = (await call('GET', '/api/order/total.json', other)).body as Body & { id: string };
    expect(theirs.id).not.toBe(mine.id);
    expect(theirs).toMatchObject({ total: { raw: 0 } });
    expect((await call('GET', '/api/order/customer.json', other)).body.entity).toBeNull();
    expect((await call('GET', `/api/orders/${mine.id}`, other)).status).toBe(404);
    expect((await call('GET', `/api/order-customers/${mine.id}`, other)).status).toBe(404);
    const customers = await call('GET', '/api/order-customers', other);
    expect((customers.body.entities as { data: unknown[] }).data).toEqual([]);
    // Its buyer and the school's manager read the customer.
    expect((await call('GET', '/api/order/customer.json', owner)).body.entity).toMatchObject({
      firstname: 'Айгерим',
      address_1: 'Абая, 1',
      // 000 §3: a customer saved without a point keeps the map's default zoom.
      geo_zoom: 8,
    });
    const staff = await call('GET', '/api/order-customers', manager);
    expect((staff.body.entities as { data: { order_id: string }[] }).data.map((c) => c.order_id)).toContain(
      mine.id,
    );
  });
});

describe('the products list by what a product grants', () => {
  it('filters by assignment_id (the assignment page’s buy button), directly or as filter[…]', async () => {
    const sold = await created('products', {
      name: 'Задание A',
      price: 100_000,
      currency: 'KZT',
      assignment_id: 'asg-a',
    });
    await created('products', { name: 'Задание B', price: 100_000, currency: 'KZT', assignment_id: 'asg-b' });
    const idsOf = (answer: { body: Body }) => (answer.body.entities as { id: string }[]).map((p) => p.id);
    const direct = await call('GET', '/api/products?status=active&assignment_id=asg-a', student(306));
    expect(direct.status).toBe(200);
    expect(idsOf(direct)).toEqual([sold]);
    expect(idsOf(await call('GET', '/api/products?filter[assignment_id]=asg-a', manager))).toEqual([sold]);
    expect(idsOf(await call('GET', '/api/products?assignment_id=asg-none', manager))).toEqual([]);
    // Without the filter the list holds the others too.
    expect(idsOf(await call('GET', '/api/products', manager)).length).toBeGreaterThan(2);
  });
});
