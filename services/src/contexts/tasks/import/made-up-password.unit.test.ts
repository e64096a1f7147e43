import { describe, expect, it } from 'vitest';
import { madeUpPassword } from './students-import';

describe('made-up passwords of imported students', () => {
  it('are ten letters and digits, never a spreadsheet formula, and differ each time', () => {
    const passwords = Array.from({ length: 2000 }, () => madeUpPassword());
    for (const password of passwords) expect(password).toMatch(/^[A-HJ-NP-Za-km-z2-9]{10}$/);
    expect(new Set(passwords).size).toBe(passwords.length);
  });
});
