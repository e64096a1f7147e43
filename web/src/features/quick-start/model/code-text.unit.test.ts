import { describe, expect, it } from 'vitest';
import { codeFromPaste, completeCode, groupCode } from './code-text';

describe('the quick-start code field', () => {
  it('groups what is typed 4-4 in upper case', () => {
    expect(groupCode('abc')).toBe('ABC');
    expect(groupCode('abcd')).toBe('ABCD');
    expect(groupCode('abcde')).toBe('ABCD-E');
    expect(groupCode('ab cd-ef gh')).toBe('ABCD-EFGH');
    expect(groupCode('ABCD-EFGH-XYZ')).toBe('ABCD-EFGH');
  });
  it('is complete at 8 characters only', () => {
    expect(completeCode('ABCD-EFG')).toBeNull();
    expect(completeCode('ABCD-EFGH')).toBe('ABCDEFGH');
  });
  it('takes the code out of a pasted QR address', () => {
    expect(codeFromPaste('https://sabaq.example/startx?code=abcd-efgh')).toBe('ABCD-EFGH');
    expect(codeFromPaste('  abcd efgh ')).toBe('ABCD-EFGH');
  });
});
