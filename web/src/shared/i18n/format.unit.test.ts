import { describe, expect, it } from 'vitest';
import { formatDuration } from './format';

const units = { d: 'd', h: 'h', min: 'min', s: 's' };

describe('formatDuration', () => {
  it('shows the largest unit and the next one', () => {
    expect(formatDuration(93_784, 'en-GB', units)).toBe('1 d 2 h');
    expect(formatDuration(3_725, 'en-GB', units)).toBe('1 h 2 min');
  });

  it('drops a zero second unit', () => {
    expect(formatDuration(7_200, 'en-GB', units)).toBe('2 h');
  });

  it('reads zero as seconds', () => {
    expect(formatDuration(0, 'en-GB', units)).toBe('0 s');
  });
});
