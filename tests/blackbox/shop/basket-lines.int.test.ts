import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Body } from '../schools/contexts-app';
import { shopScene } from './shop-scene';

/**
 * The basket beyond the first steps: a guest's basket under a session id merged on sign-in, a line's
 * quantity changed in place, and a refund giving a promo code's use back.
 */
const { current: env, call, manager, student, ids, created, total, until, payThroughPage } = shopScene();

const session = () => randomBytes(24).toString('base64url');

/** A call as the web makes it with a guest session (and a token once signed in). */
async function withSession(
  method: string,
  url: string,
  sessionId: string,
  token: string | null,
  payload?: object,
) {
  const response = await env().app.inject({
    method: method as 'GET',
    url,
    headers: {
      'x-basket-session': sessionId,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(payload === undefined ? {} : { payload }),
  });
  return { status: response.statusCode, body: response.json() as Body };
}
type Line = { id: string; quantity: number; session_id: string | null; is_quantity_fixed: boolean };
const lines = (body: Body) => (body.entities as Line[]).map((l) => [l.id, l.quantity]);

describe('a guest basket', () => {
  it('holds products without a sign-in, merges into the user basket on sign-in once, and no other session reads it', async () => {
    ids.voucher = await created('products', {
      name: 'Ваучер на экзамен',
      price: 300_000,
      currency: 'KZT',
      payment_type: 'voucher',
    });
    // The school's shop page lists its products on sale to anyone.
    const catalogue = await call('GET', '/api/shop/catalogue.json?school_id=school-a', null);
    expect(catalogue.status).toBe(200);
    const listed = catalogue.body.entities as { id: string; price: { raw: number } }[];
    expect(listed.find((p) => p.id === ids.book)?.price.raw).toBe(250_050);
    expect((await call('GET', '/api/shop/catalogue.json', null)).status).toBe(422);
    const guest = session();
    expect(
      (await withSession('POST', '/api/basket/add.json', guest, null, { product_id: ids.book })).status,
    ).toBe(200);
    await withSession('POST', '/api/basket/add.json', guest, null, { product_id: ids.book });
    await withSession('POST', '/api/basket/add.json', guest, null, { product_id: ids.voucher });
    const seen = await withSession('GET', '/api/basket', guest, null);
    expect(seen.status).toBe(200);
    expect(lines(seen.body)).toEqual([
      [ids.book, 2],
      [ids.voucher, 1],
    ]);
    expect((seen.body.entities as Line[])[0]!.session_id).toBeTruthy();
    const guestTotal = await withSession('GET', '/api/order/total.json', guest, null);
    expect((guestTotal.body.total as { raw: number }).raw).toBe(2 * 250_050 + 300_000);

    // Another guest, or nobody at all, sees none of it.
    expect(lines((await withSession('GET', '/api/basket', session(), null)).body)).toEqual([]);
    const nobody = await call('GET', '/api/basket', null);
    expect(nobody.status).toBe(200);
    expect(lines(nobody.body)).toEqual([]);
    // Changing a basket needs a session id or a sign-in.
    expect((await call('POST', '/api/basket/add.json', null, { product_id: ids.book })).status).toBe(401);
    expect((await withSession('GET', '/api/basket', 'short', null)).status).toBe(422);
    // Paying, the promo code and the customer step need a sign-in.
    expect((await withSession('POST', `/api/payment/make/${ids.provider}`, guest, null, {})).status).toBe(
      401,
    );
    expect(
      (await withSession('POST', '/api/order/attach-promocode.json', guest, null, { promocode: 'SALE15' }))
        .status,
    ).toBe(401);

    // The user already has the book once and the voucher: quantities add, the voucher keeps 1.
    const buyer = student(21);
    await call('POST', '/api/basket/add.json', buyer, { product_id: ids.book });
    await call('POST', '/api/basket/add.json', buyer, { product_id: ids.voucher });
    const merged = await withSession('POST', '/api/basket/merge.json', guest, buyer);
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    const after = await call('GET', '/api/basket', buyer);
    expect(lines(after.body)).toEqual([
      [ids.book, 3],
      [ids.voucher, 1],
    ]);
    // Signing in again with the same session merges nothing more; the guest basket is empty now.
    await withSession('POST', '/api/basket/merge.json', guest, buyer);
    expect(lines((await withSession('GET', '/api/basket', guest, buyer)).body)).toEqual([
      [ids.book, 3],
      [ids.voucher, 1],
    ]);
    expect(lines((await withSession('GET', '/api/basket', guest, null)).body)).toEqual([]);
    const orderEvents = await env().store.readStream(`shop_order-${String(merged.body.id)}`);
    expect(orderEvents.filter((e) => e.type === 'BasketGuestMerged')).toHaveLength(1);
  });

  it('merges on the first signed-in basket call that carries the session, into a fresh basket', async () => {
    const guest = session();
    await withSession('POST', '/api/basket/add.json', guest, null, { product_id: ids.course });
    const buyer = student(22);
    const listed = await withSession('GET', '/api/basket', guest, buyer);
    expect(lines(listed.body)).toEqual([[ids.course, 1]]);
    expect((listed.body.entities as Line[])[0]!.session_id).toBeNull();
    // Someone else signing in on that session later finds it already taken.
    const other = await withSession('GET', '/api/basket', guest, student(23));
    expect(lines(other.body)).toEqual([]);
  });

  it('keeps a guest basket to one school and a few products', async () => {
    const guest = session();
    const otherSchool = await call('POST', '/api/products', 'manager@school-b', {
      name: 'Чужой курс',
      price: 1000,
      currency: 'KZT',
    });
    expect(otherSchool.status).toBe(201);
    await withSession('POST', '/api/basket/add.json', guest, null, { product_id: ids.course });
    const refused = await withSession('POST', '/api/basket/add.json', guest, null, {
      product_id: otherSchool.body.entity!.id,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toHaveProperty('product_id');
    for (let n = 0; n < 19; n += 1) {
      const product = await created('products', { name: `Товар ${n}`, price: 100, currency: 'KZT' });
      expect(
        (await withSession('POST', '/api/basket/add.json', guest, null, { product_id: product })).status,
      ).toBe(200);
    }
    const extra = await created('products', { name: 'Двадцать первый', price: 100, currency: 'KZT' });
    const full = await withSession('POST', '/api/basket/add.json', guest, null, { product_id: extra });
    expect(full.status).toBe(422);
    expect(String(full.body.message)).toContain('20');
  });
});

describe("a line's quantity", () => {
  it('changes in place, keeps the special kind at 1, refuses more than the stock', async () => {
    const buyer = student(31);
    await call('POST', '/api/basket/add.json', buyer, { product_id: ids.book });
    await call('POST', '/api/basket/add.json', buyer, { product_id: ids.voucher });
    const set = await call('POST', '/api/basket/quantity.json', buyer, { id: ids.book, quantity: 4 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((set.body.subtotal as { raw: number }).raw).toBe(4 * 250_050 + 300_000);
    const down = await call('POST', '/api/basket/quantity.json', buyer, { id: ids.book, quantity: 2 });
    expect((down.body.subtotal as { raw: number }).raw).toBe(2 * 250_050 + 300_000);
    const types = (await env().store.readStream(`shop_order-${String(down.body.id)}`)).map((e) => e.type);
    expect(types).not.toContain('BasketItemRemoved');
    expect(types.filter((t) => t === 'BasketItemQuantityChanged')).toHaveLength(2);

    const fixed = await call('POST', '/api/basket/quantity.json', buyer, { id: ids.voucher, quantity: 2 });
    expect(fixed.status).toBe(422);
    expect(fixed.body.errors).toHaveProperty('quantity');
    const tooMany = await call('POST', '/api/basket/quantity.json', buyer, { id: ids.book, quantity: 101 });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.message).toBe('Товара нет в наличии');
    const zero = await call('POST', '/api/basket/quantity.json', buyer, { id: ids.book, quantity: 0 });
    expect(zero.status).toBe(422);
    expect(zero.body.errors).toHaveProperty('quantity');
    const absent = await call('POST', '/api/basket/quantity.json', buyer, { id: ids.course, quantity: 2 });
    expect(absent.status).toBe(422);
    // A guest's line changes the same way.
    const guest = session();
    await withSession('POST', '/api/basket/add.json', guest, null, { product_id: ids.book });
    const guestSet = await withSession('POST', '/api/basket/quantity.json', guest, null, {
      id: ids.book,
      quantity: 3,
    });
    expect((guestSet.body.subtotal as { raw: number }).raw).toBe(3 * 250_050);
    const basket = await call('GET', '/api/basket', buyer);
    expect(lines(basket.body)).toEqual([
      [ids.book, 2],
      [ids.voucher, 1],
    ]);
  });
});

describe('a refund', () => {
  it("gives the promo code's use back: a code for one use serves another order after the refund", async () => {
    await created('promocodes', { name: 'ONCE', kind: 'percent', value: 10, max_uses: 1 });
    const first = student(41);
    const second = student(42);
    await call('POST', '/api/basket/add.json', first, { product_id: ids.course });
    expect(
      (await call('POST', '/api/order/attach-promocode.json', first, { promocode: 'ONCE' })).status,
    ).toBe(200);
    const paid = await payThroughPage(first, ids.provider!);
    expect(paid.amount).toBe(900_000);
    await until(
      () => call('GET', `/api/orders/${paid.orderId}`, first),
      (a) => a.body.entity?.status === 'completed',
    );
    await call('POST', '/api/basket/add.json', second, { product_id: ids.course });
    const usedUp = await call('POST', '/api/order/attach-promocode.json', second, { promocode: 'ONCE' });
    expect(usedUp.status).toBe(422);

    // The product's view lists its orders: the filter by product.
    const ofProduct = async (productId: string) =>
      (
        (await call('GET', `/api/orders?product_id=${productId}`, manager)).body.entities as {
          data: { id: string }[];
        }
      ).data.map((o) => o.id);
    expect(await ofProduct(ids.course!)).toContain(paid.orderId);
    expect(await ofProduct(ids.book!)).not.toContain(paid.orderId);

    expect((await call('POST', `/api/orders/${paid.orderId}/refund.json`, manager)).status).toBe(200);
    const attached = await until(
      () => call('POST', '/api/order/attach-promocode.json', second, { promocode: 'ONCE' }),
      (a) => a.status === 200,
    );
    expect(attached.status).toBe(200);
    const again = await payThroughPage(second, ids.provider!);
    expect(again.amount).toBe(900_000);
    const t = await total(second);
    expect(t.id).not.toBe(again.orderId);
  });
});
