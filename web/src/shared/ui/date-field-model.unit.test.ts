import { describe, expect, it } from 'vitest';
import { dayProblem, formatDay, parseDay } from './date-field-model';

describe('the date field', () => {
  it('shows a day as DD.MM.YY', () => {
    expect(formatDay('2026-03-07')).toBe('07.03.26');
    expect(formatDay('2026-12-31T23:59:59Z')).toBe('31.12.26');
    expect(formatDay('')).toBe('');
    expect(formatDay(null)).toBe('');
    expect(formatDay('07/03/2026')).toBe('');
  });

  it('takes DD.MM.YY and DD.MM.YYYY with any usual separator', () => {
    expect(parseDay('07.03.26')).toBe('2026-03-07');
    expect(parseDay(' 7.3.2026 ')).toBe('2026-03-07');
    expect(parseDay('07/03/26')).toBe('2026-03-07');
    expect(parseDay('07-03-26')).toBe('2026-03-07');
    expect(parseDay('29.02.28')).toBe('2028-02-29');
    expect(parseDay('')).toBe('');
  });

  it('refuses what is no day rather than guessing (the browser order MM/DD is not read)', () => {
    expect(parseDay('31.02.26')).toBeNull();
    expect(parseDay('29.02.27')).toBeNull();
    expect(parseDay('03.13.26')).toBeNull();
    expect(parseDay('2026-03-07')).toBeNull();
    expect(parseDay('07.03')).toBeNull();
    expect(parseDay('завтра')).toBeNull();
  });

  it('says why a day is refused against the limits', () => {
    const limits = { min: '2026-03-01', max: '2026-03-31' };
    expect(dayProblem('01.03.26', limits)).toBeNull();
    expect(dayProblem('28.02.26', limits)).toBe('tooEarly');
    expect(dayProblem('01.04.26', limits)).toBe('tooLate');
    expect(dayProblem('xx', limits)).toBe('invalid');
    expect(dayProblem('', limits)).toBeNull();
  });

  it('round-trips every day of a leap year', () => {
    for (let day = new Date(Date.UTC(2028, 0, 1)); day.getUTCFullYear() === 2028;) {
      const iso = day.toISOString().slice(0, 10);
      expect(parseDay(formatDay(iso))).toBe(iso);
      day = new Date(day.getTime() + 86_400_000);
    }
  });
});
