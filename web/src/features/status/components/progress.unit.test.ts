import { describe, expect, it } from 'vitest';
import { processedPercent } from './progress';

describe('processedPercent', () => {
  it('is the share of the log processed', () => {
    expect(processedPercent('9000', '12000')).toBe(75);
    expect(processedPercent('1', '3')).toBe(33.33);
  });

  it('counts an empty log, or a projection at the head, as fully processed', () => {
    expect(processedPercent('0', '0')).toBe(100);
    expect(processedPercent('12', '12')).toBe(100);
  });

  it('stays exact beyond 2^53', () => {
    expect(processedPercent('9007199254740993', '18014398509481986')).toBe(50);
  });

  it('shows an empty bar for positions it cannot read', () => {
    expect(processedPercent('abc', '10')).toBe(0);
  });
});
