import { describe, expect, it } from 'vitest';
import { fitsClickHouseDate, toClickHouseValue } from './values';

describe('dates sent to ClickHouse', () => {
  it('are Unix seconds with milliseconds', () => {
    expect(toClickHouseValue(new Date('2024-01-02T03:04:05.678Z'))).toBe('1704164645.678');
  });

  it('are clamped to DateTime64’s years instead of failing the insert', () => {
    const yearOne = new Date('0001-01-01T00:00:00Z');
    expect(fitsClickHouseDate(yearOne)).toBe(false);
    expect(toClickHouseValue(yearOne)).toBe(toClickHouseValue(new Date('1900-01-01T00:00:00Z')));
    expect(toClickHouseValue(new Date('9999-12-31T00:00:00Z'))).toBe(
      toClickHouseValue(new Date('2299-12-31T23:59:59.999Z')),
    );
    expect(fitsClickHouseDate(new Date('2026-03-10T09:00:00Z'))).toBe(true);
  });

  it('refuse numbers JSON cannot carry, so the row is parked rather than sent as null', () => {
    expect(() => toClickHouseValue(Number.NaN)).toThrow(RangeError);
    expect(() => toClickHouseValue(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(toClickHouseValue(1.5)).toBe(1.5);
  });
});
