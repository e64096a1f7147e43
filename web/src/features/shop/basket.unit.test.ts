import { describe, expect, it } from 'vitest';
import { placesOf } from './geocoder-answer';
import { formatMinor } from './money-text';
import type { ProductRecord } from './model';
import { productFor } from './product-for';
import { quantityStep } from './quantity-rules';

describe('the basket’s quantity buttons', () => {
  it('keep the special kind at 1, add on plus, ask at 1 and decrease above it', () => {
    expect(quantityStep({ quantity: 1, is_quantity_fixed: true }, 1)).toBe('fixed');
    expect(quantityStep({ quantity: 1, is_quantity_fixed: true }, -1)).toBe('fixed');
    expect(quantityStep({ quantity: 1, is_quantity_fixed: false }, 1)).toBe('add');
    expect(quantityStep({ quantity: 1, is_quantity_fixed: false }, -1)).toBe('confirm-remove');
    expect(quantityStep({ quantity: 3, is_quantity_fixed: false }, -1)).toBe('decrease');
  });
});

describe('the geocoder’s answer', () => {
  it('reads places named and placed in either vocabulary and drops incomplete ones', () => {
    expect(
      placesOf({
        entities: [
          { address: 'Алматы, Абая 10', lat: 43.24, lng: 76.9 },
          { display_name: 'Astana', lat: '51.16', lon: '71.47' },
          { name: 'no point' },
          { geo_lat: 1, geo_lng: 2 },
        ],
      }),
    ).toEqual([
      { label: 'Алматы, Абая 10', lat: 43.24, lng: 76.9 },
      { label: 'Astana', lat: 51.16, lng: 71.47 },
    ]);
    expect(placesOf({ entities: { data: [{ label: 'X', geo_lat: 1, geo_lng: 2 }] } })).toEqual([
      { label: 'X', lat: 1, lng: 2 },
    ]);
    expect(placesOf(null)).toEqual([]);
  });
});

describe('money shown from minor units', () => {
  it('rounds half up to whole units with grouped thousands, as the server formats', () => {
    expect(formatMinor(150050, 'KZT')).toBe('1 501 KZT');
    expect(formatMinor(149949, 'KZT')).toBe('1 499 KZT');
    expect(formatMinor(1234567, 'JPY')).toBe('1 234 567 JPY');
  });
});

describe('the buy button’s product', () => {
  const product = (over: Partial<ProductRecord>): ProductRecord => ({
    id: 'p',
    name: 'P',
    description: null,
    status: 'active',
    type: 'course',
    shipment_type: 'digital',
    payment_type: 'forever',
    price: 100,
    price_formatted: '1 KZT',
    currency: 'KZT',
    quantity: null,
    image: null,
    course_id: null,
    assignment_id: null,
    invite_code_id: null,
    ...over,
  });
  it('is the active product granting the course or the assignment', () => {
    const list = [
      product({ id: 'old', course_id: 'c1', status: 'inactive' }),
      product({ id: 'course', course_id: 'c1' }),
      product({ id: 'exam', assignment_id: 'a1' }),
    ];
    expect(productFor(list, { courseId: 'c1' })?.id).toBe('course');
    expect(productFor(list, { assignmentId: 'a1' })?.id).toBe('exam');
    expect(productFor(list, { courseId: 'c2' })).toBeNull();
  });
});
