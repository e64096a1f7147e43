import { describe, expect, it } from 'vitest';
import { normalizeOutput, outputMatches } from './compare-output';

describe('comparing a program’s output with the expected output', () => {
  it('ignores trailing spaces on every line, trailing blank lines and the kind of line ending', () => {
    expect(outputMatches('1 2  \r\n3\t\n\n\n', '1 2\n3')).toBe(true);
    expect(outputMatches('42', '42\n')).toBe(true);
    expect(outputMatches('a\rb\r', 'a\nb')).toBe(true);
  });

  it('counts leading spaces, blank lines in the middle, case and every character', () => {
    expect(outputMatches(' 3', '3')).toBe(false);
    expect(outputMatches('1\n\n2', '1\n2')).toBe(false);
    expect(outputMatches('Yes', 'YES')).toBe(false);
    expect(outputMatches('3.0', '3')).toBe(false);
    expect(outputMatches('', '0')).toBe(false);
  });

  it('treats an empty output and an output of blank lines as the same', () => {
    expect(normalizeOutput('\n \n\t\n')).toBe('');
    expect(outputMatches('\n\n', '')).toBe(true);
  });
});
