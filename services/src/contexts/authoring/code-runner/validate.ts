/**
 * Checks a submission before anything runs; a bad one is a 422 with errors per field (e.g.
 * `tests.2.time_limit`), in the specification's error shape. The bounds of memory and time are the
 * specification's (001 §5, see limits.ts); the size bounds are ours.
 */
import { ValidationError } from '../../../platform/errors';
import { CODE_LANGUAGES } from './languages';
import {
  MAX_SOURCE_BYTES,
  MAX_TEST_TEXT_BYTES,
  MAX_TESTS,
  MAX_TIME_LIMIT_MS,
  MIN_MEMORY_LIMIT_BYTES,
} from './limits';

export function validateSubmission(submission: unknown): void {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, text: string) => (errors[field] ??= []).push(text);
  const value = (submission ?? {}) as Record<string, unknown>;

  if (!CODE_LANGUAGES.includes(value.language as (typeof CODE_LANGUAGES)[number])) {
    fail('language', `Язык должен быть одним из: ${CODE_LANGUAGES.join(', ')}`);
  }
  if (typeof value.source !== 'string' || value.source.trim() === '') {
    fail('source', 'Введите код программы');
  } else if (Buffer.byteLength(value.source) > MAX_SOURCE_BYTES) {
    fail('source', `Код программы длиннее ${MAX_SOURCE_BYTES} байт`);
  } else if (value.source.includes('\0')) {
    fail('source', 'Код программы содержит нулевой символ');
  }
  if (!Array.isArray(value.tests) || value.tests.length === 0) {
    fail('tests', 'Нужен хотя бы один тест');
  } else if (value.tests.length > MAX_TESTS) {
    fail('tests', `Не больше ${MAX_TESTS} тестов`);
  } else {
    value.tests.forEach((test: unknown, index) => checkTest(test, `tests.${index}`, fail));
  }
  if (Object.keys(errors).length > 0) throw new ValidationError('Неверные данные для запуска кода', errors);
}

function checkTest(test: unknown, at: string, fail: (field: string, text: string) => void): void {
  const value = (test ?? {}) as Record<string, unknown>;
  for (const field of ['input', 'expected_output'] as const) {
    const text = value[field];
    if (typeof text !== 'string') fail(`${at}.${field}`, 'Должно быть строкой');
    else if (Buffer.byteLength(text) > MAX_TEST_TEXT_BYTES) {
      fail(`${at}.${field}`, `Не длиннее ${MAX_TEST_TEXT_BYTES} байт`);
    }
  }
  const memory = value.memory_limit;
  if (typeof memory !== 'number' || !Number.isInteger(memory) || memory < MIN_MEMORY_LIMIT_BYTES) {
    fail(`${at}.memory_limit`, `Ограничение памяти: целое число байт, не меньше ${MIN_MEMORY_LIMIT_BYTES}`);
  }
  const time = value.time_limit;
  if (typeof time !== 'number' || !Number.isFinite(time) || time <= 0 || time > MAX_TIME_LIMIT_MS) {
    fail(`${at}.time_limit`, `Ограничение времени: больше 0 и не больше ${MAX_TIME_LIMIT_MS} мс`);
  }
  const points = value.points;
  if (typeof points !== 'number' || !Number.isFinite(points) || points < 0) {
    fail(`${at}.points`, 'Баллы: число не меньше 0');
  }
}
