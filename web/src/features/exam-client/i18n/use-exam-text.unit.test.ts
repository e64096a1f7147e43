import { describe, expect, it } from 'vitest';
import { en } from './en';
import { kz } from './kz';
import { ru } from './ru';
import { examText } from './use-exam-text';

const keysOf = (node: object, prefix = ''): string[] =>
  Object.entries(node).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keysOf(v as object, `${prefix}${k}.`),
  );

describe("the exam client's texts", () => {
  it('has every Russian key in English and Kazakh, none left empty', () => {
    const keys = keysOf(ru);
    expect(keysOf(en)).toEqual(keys);
    expect(keysOf(kz)).toEqual(keys);
    for (const key of keys) expect(examText('kz', key).length, key).toBeGreaterThan(0);
  });

  it('fills placeholders and falls back to Russian for an unknown language', () => {
    expect(examText('en', 'bar.upload', { uploaded: 3, total: 7 })).toBe('Sent 3 of 7');
    expect(examText('de', 'check.title')).toBe('Проверка оборудования');
  });
});
