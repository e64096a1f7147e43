import { describe, expect, it } from 'vitest';
import { CodeGuessBudget } from './code-guessing';
import { CODE_ALPHABET, legacyLaunchCode, newLaunchCode, normalizeLaunchCode } from './link-code';

describe('launch codes', () => {
  it('are 8 characters without 0, O, 1, I or L', () => {
    expect(CODE_ALPHABET).not.toMatch(/[01OIL]/);
    const codes = new Set(Array.from({ length: 200 }, newLaunchCode));
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(codes.size).toBe(200);
  });
  it('are read whatever the case, dashes and spaces', () => {
    expect(normalizeLaunchCode('abcd-2345')).toBe('ABCD2345');
    expect(normalizeLaunchCode(' AbCd 2345 ')).toBe('ABCD2345');
    expect(normalizeLaunchCode('ABCD-234')).toBeNull();
    expect(normalizeLaunchCode('ABCD-0123')).toBeNull();
    expect(normalizeLaunchCode("'; drop--")).toBeNull();
  });
  it('of links issued before codes are derived from the token, the same on every replay', () => {
    const code = legacyLaunchCode('tok-aaaaaaaaaaaaaaaa');
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(legacyLaunchCode('tok-aaaaaaaaaaaaaaaa')).toBe(code);
    expect(legacyLaunchCode('tok-bbbbbbbbbbbbbbbb')).not.toBe(code);
  });
});

describe('the wrong-code budget', () => {
  it('refuses a caller after 10 misses until the 10 minutes since the first are over', () => {
    let now = 0;
    const budget = new CodeGuessBudget(() => now);
    for (let i = 0; i < 10; i++) {
      budget.check('u1');
      budget.miss('u1');
      now += 1_000;
    }
    expect(() => budget.check('u1')).toThrow(/Попробуйте снова через 10 мин/);
    expect(() => budget.check('u2')).not.toThrow();
    now = 9 * 60_000 + 30_000;
    expect(() => budget.check('u1')).toThrow(/через 1 мин/);
    now = 10 * 60_000;
    expect(() => budget.check('u1')).not.toThrow();
  });
});
