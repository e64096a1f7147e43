import { describe, expect, it } from 'vitest';
import { filtersFromSearch, lastDays, presetOf } from './period';
import { pageCount, pageOfRows } from './result-page';

const now = new Date('2026-11-24T13:00:00Z');

describe('the dashboards period', () => {
  it('counts today in the last n days', () => {
    expect(lastDays(7, now)).toEqual({ from: '2026-11-18', to: '2026-11-24' });
    expect(lastDays(1, now)).toEqual({ from: '2026-11-24', to: '2026-11-24' });
  });

  it('reads the filters from the address', () => {
    expect(
      filtersFromSearch(new URLSearchParams('from=2026-01-01&to=2026-02-01&assignment=a1'), now),
    ).toEqual({
      from: '2026-01-01',
      to: '2026-02-01',
      assignment_id: 'a1',
    });
  });

  it('falls back to the last 30 days for a missing, malformed or reversed range', () => {
    const last30 = { from: '2026-10-26', to: '2026-11-24' };
    expect(filtersFromSearch(new URLSearchParams(''), now)).toEqual(last30);
    expect(filtersFromSearch(new URLSearchParams('from=yesterday&to=2026-11-24'), now)).toEqual(last30);
    expect(filtersFromSearch(new URLSearchParams('from=2026-11-24&to=2026-11-01'), now)).toEqual(last30);
    expect(
      filtersFromSearch(new URLSearchParams('from=2026-13-45&to=2026-11-24&assignment=%20'), now),
    ).toEqual(last30);
  });

  it('names the preset a range is, or none', () => {
    expect(presetOf(lastDays(90, now), now)).toBe(90);
    expect(presetOf({ from: '2026-11-01', to: '2026-11-24' }, now)).toBeNull();
  });
});

describe('paging a result', () => {
  const rows = Array.from({ length: 10_000 }, (_, i) => i);

  it('cuts 10,000 rows into pages of 50', () => {
    expect(pageCount(rows.length)).toBe(200);
    expect(pageOfRows(rows, 2).rows).toEqual(rows.slice(50, 100));
  });

  it('clamps a page outside the range', () => {
    expect(pageOfRows(rows, 999)).toEqual({ page: 200, rows: rows.slice(9950) });
    expect(pageOfRows(rows, 0).page).toBe(1);
    expect(pageOfRows([], 3)).toEqual({ page: 1, rows: [] });
  });
});
