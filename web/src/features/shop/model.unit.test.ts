import { describe, expect, it } from 'vitest';
import {
  emptyProduct,
  minorUnitsOf,
  productBody,
  productChanges,
  typedPriceOf,
  type ProductRecord,
} from './model';

describe('prices in the product form', () => {
  it('reads typed prices into minor units by their digits', () => {
    expect(minorUnitsOf('1500')).toBe(150000);
    expect(minorUnitsOf('1 500,5')).toBe(150050);
    expect(minorUnitsOf('0.29')).toBe(29); // 0.29 * 100 is 28.999… as a float
    expect(minorUnitsOf('12.345')).toBeNull();
    expect(minorUnitsOf('-1')).toBeNull();
    expect(minorUnitsOf('')).toBeNull();
  });

  it('shows minor units back as typed', () => {
    expect(typedPriceOf(150050)).toBe('1500.50');
    expect(typedPriceOf(150000)).toBe('1500');
    expect(typedPriceOf(7)).toBe('0.07');
  });

  it('sends only what changed', () => {
    const record: ProductRecord = {
      id: 'p',
      name: 'Курс',
      description: null,
      status: 'active',
      type: 'course',
      shipment_type: 'digital',
      payment_type: 'forever',
      price: 100000,
      price_formatted: '1 000 KZT',
      currency: 'KZT',
      quantity: null,
      image: null,
      course_id: 'c1',
      assignment_id: null,
      invite_code_id: null,
    };
    const fields = { ...emptyProduct, name: 'Курс', price: '1000.10', course_id: 'c1' };
    expect(productChanges(record, fields)).toEqual({ price: 100010 });
    expect(productBody({ ...fields, quantity: '5' })).toMatchObject({
      quantity: 5,
      price: 100010,
      description: null,
    });
  });
});
