import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { accessFlowError, fieldErrorsOf, loginError } from './errors';

const answer = (status: number, code: number, errors: Record<string, string[]> = {}, message = 'x') =>
  new ApiError('http', message, status, code, errors);

describe('loginError', () => {
  it('maps the catalogue of 001 §8', () => {
    expect(loginError(answer(429, 429))).toEqual({ key: 'rateLimit' });
    expect(loginError(answer(401, 1102))).toEqual({ key: 'userNotFound' });
    expect(loginError(answer(422, 422))).toEqual({ key: 'unknown' });
    expect(loginError(answer(500, 500))).toEqual({ key: 'unknown' });
  });

  it('leaves failures without an answer to the general handler', () => {
    expect(loginError(new ApiError('network', 'offline'))).toBeNull();
    expect(loginError(new Error('bug'))).toBeNull();
  });
});

describe('accessFlowError', () => {
  it('maps 429 and the phone and code status codes', () => {
    expect(accessFlowError(answer(429, 429))).toEqual({ key: 'rateLimit' });
    expect(accessFlowError(answer(422, 9101))).toEqual({ key: 'phoneExists', field: 'phone' });
    expect(accessFlowError(answer(422, 9102))).toEqual({ key: 'phoneNotExists', field: 'phone' });
    expect(accessFlowError(answer(422, 9103))).toEqual({ key: 'wrongCode', field: 'verification' });
  });

  it('otherwise shows the first message of verification, phone or exception', () => {
    const error = answer(422, 422, { phone: ['Неверный номер телефона'], exception: ['Сбой'] });
    expect(accessFlowError(error)).toEqual({ key: null, message: 'Неверный номер телефона', field: 'phone' });
    expect(accessFlowError(answer(404, 404, {}, 'Не найдено'))).toEqual({ key: null, message: 'Не найдено' });
  });

  it('reads the first error of each named field', () => {
    const error = answer(422, 422, { firstname: ['A', 'B'], email: ['C'], other: ['D'] });
    expect(fieldErrorsOf(error, ['firstname', 'lastname', 'email'])).toEqual({ firstname: 'A', email: 'C' });
  });
});
