import { describe, expect, it } from 'vitest';
import { promoStream } from '../../../services/src/contexts/shop/ids';
import { signedTestCallback } from '../../../services/src/contexts/shop/payments/test-provider';
import { shopScene } from './shop-scene';

/**
 * The shop's limits under simultaneous orders: a promo code's last uses and a product's last units are
 * not taken twice; and the order form's address search.
 */
const { call, manager, student, ids, created, eventsOf, until, promoId } = shopScene();

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
