import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLD_MINUTES } from '../../../services/src/contexts/shop/holds';
import { tokenFor } from '../records/records-app';
import { caller } from '../schools/contexts-app';
import { startShopApp, type ShopApp } from './shop-app';

/**
 * Holds of an abandoned basket lapse: a started payment holds the last unit and the last use of a promo
 * code for HOLD_MINUTES; after that, another buyer gets them. The clock is the app's, moved by the test.
 */
let env: ShopApp;
let offset = 0;
const call = caller(() => env.app);
const manager = tokenFor('manager', 'school-a');
const buyer = (n: number) => tokenFor('student', 'school-a', n);
const ids: Record<string, string> = {};

async function created(collection: string, body: object): Promise<string> {
  const answer = await call('POST', `/api/${collection}`, manager, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.entity!.id;
}
const pay = (token: string) => call('POST', `/api/payment/make/${ids.provider}`, token, {});

beforeAll(async () => {
  env = await startShopApp({ database: 'shop_holds', clock: () => new Date(Date.now() + offset) });
  ids.product = await created('products', {
    name: 'Последний экземпляр',
    price: 10_000,
    shipment_type: 'physical',
    quantity: 1,
  });
  ids.provider = await created('payment-providers', { name: 'Тест', type: 'test' });
  const method = await created('delivery-methods', { name: 'Курьер' });
  ids.cityMethod = await created('city-delivery-methods', {
    city_id: 'almaty',
    delivery_method_id: method,
    cost: 0,
    currency: 'KZT',
  });
  await created('promocodes', { name: 'ONCE', kind: 'amount', value: 1_000, currency: 'KZT', max_uses: 1 });
}, 120_000);
afterAll(async () => env?.close());

describe('an abandoned basket', () => {
  it('holds the last unit and the last promo use only for the hold time', async () => {
    for (const token of [buyer(1), buyer(2)]) {
      expect((await call('POST', '/api/basket/add.json', token, { product_id: ids.product })).status).toBe(
        200,
      );
      const customer = await call('POST', '/api/order/customer.json', token, {
        firstname: 'A',
        lastname: 'B',
        city_id: 'almaty',
        address_1: 'Абая, 3',
        city_delivery_method_id: ids.cityMethod,
      });
      expect(customer.status).toBe(200);
      expect(
        (await call('POST', '/api/order/attach-promocode.json', token, { promocode: 'ONCE' })).status,
      ).toBe(200);
    }
    expect((await pay(buyer(1))).status).toBe(200); // and then buyer 1 walks away
    const refused = await pay(buyer(2));
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toHaveProperty('promocode');
    expect((await call('POST', '/api/order/detach-promocode.json', buyer(2))).status).toBe(200);
    const noUnit = await pay(buyer(2));
    expect(noUnit.body.message).toBe('Товара нет в наличии');

    offset += (HOLD_MINUTES - 1) * 60_000;
    expect((await pay(buyer(2))).status).toBe(422); // a minute before the end, still held
    offset += 2 * 60_000;
    expect(
      (await call('POST', '/api/order/attach-promocode.json', buyer(2), { promocode: 'ONCE' })).status,
    ).toBe(200);
    const made = await pay(buyer(2));
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    // Buyer 1 comes back: the unit and the use are buyer 2's now.
    expect((await pay(buyer(1))).status).toBe(422);
  });
});
