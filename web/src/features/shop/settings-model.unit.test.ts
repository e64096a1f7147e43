import { describe, expect, it } from 'vitest';
import {
  changesOf,
  cityChanges,
  cityRowValid,
  emptyPromo,
  newCityRow,
  promoBody,
  promoFieldsOf,
  promoValueOf,
  type CityDeliveryRecord,
} from './settings-model';

const saved = (id: string, city: string, cost: number, time = 2): CityDeliveryRecord => ({
  id,
  city_id: city,
  delivery_method_id: 'dm',
  cost: { raw: cost, formatted: '' },
  currency: 'KZT',
  time,
});

describe('a delivery method’s cities', () => {
  it('creates new rows, updates only changed fields and deletes dropped rows', () => {
    const before = [saved('a', 'almaty', 150000), saved('b', 'astana', 200000)];
    const plan = cityChanges(
      before,
      [
        { id: 'a', city_id: 'almaty', cost: '1 600', currency: 'KZT', time: '2' },
        { id: '', city_id: 'shymkent', cost: '990,5', currency: 'kzt', time: '4' },
      ],
      'dm',
    );
    expect(plan.create).toEqual([
      { city_id: 'shymkent', delivery_method_id: 'dm', cost: 99050, currency: 'KZT', time: 4 },
    ]);
    expect(plan.update).toEqual([{ id: 'a', body: { cost: 160000 } }]);
    expect(plan.remove).toEqual(['b']);
  });

  it('sends nothing for an unchanged row and refuses a row without a city or a readable cost', () => {
    const row = { id: 'a', city_id: 'almaty', cost: '1500', currency: 'KZT', time: '2' };
    expect(cityChanges([saved('a', 'almaty', 150000)], [row], 'dm')).toEqual({
      create: [],
      update: [],
      remove: [],
    });
    expect(cityRowValid(newCityRow())).toBe(false);
    expect(cityRowValid({ ...row, cost: '12,345' })).toBe(false);
    expect(cityRowValid(row)).toBe(true);
  });
});

describe('a promo code’s form', () => {
  it('reads a percent as a whole number 1–100 and an amount in minor units', () => {
    expect(promoValueOf({ kind: 'percent', value: '10' })).toBe(10);
    expect(promoValueOf({ kind: 'percent', value: '0' })).toBeNull();
    expect(promoValueOf({ kind: 'percent', value: '101' })).toBeNull();
    expect(promoValueOf({ kind: 'percent', value: '10.5' })).toBeNull();
    expect(promoValueOf({ kind: 'amount', value: '500,50' })).toBe(50050);
    expect(promoValueOf({ kind: 'amount', value: '0' })).toBeNull();
  });

  it('sends empty limits as unlimited, the currency only for an amount and the expiry as the day’s end', () => {
    expect(
      promoBody({ ...emptyPromo, name: ' WEB10 ', value: '10', max_uses: '5', expires_on: '2027-01-31' }),
    ).toEqual({
      name: 'WEB10',
      description: null,
      kind: 'percent',
      value: 10,
      currency: null,
      product_id: null,
      max_uses: 5,
      max_uses_per_user: null,
      expires_at: '2027-01-31T23:59:59.000Z',
    });
    expect(promoBody({ ...emptyPromo, name: 'A', kind: 'amount', value: '700' })).toMatchObject({
      value: 70000,
      currency: 'KZT',
    });
  });

  it('round-trips a saved code and sends only what changed', () => {
    const fields = promoFieldsOf({
      id: 'p',
      name: 'SALE',
      description: null,
      kind: 'amount',
      value: 70050,
      currency: 'KZT',
      product_id: null,
      max_uses: null,
      max_uses_per_user: 1,
      expires_at: '2027-01-31T23:59:59.000Z',
    });
    expect(fields).toMatchObject({
      value: '700.50',
      max_uses: '',
      max_uses_per_user: '1',
      expires_on: '2027-01-31',
    });
    expect(changesOf(promoBody, fields, { ...fields, max_uses: '3' })).toEqual({ max_uses: 3 });
  });
});
