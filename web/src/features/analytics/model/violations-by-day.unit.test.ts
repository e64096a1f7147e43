import { describe, expect, it } from 'vitest';
import { daysBetween, stackByDay } from './violations-by-day';

describe('violations per day, stacked by type', () => {
  it('makes one row per day of the period with every type, most frequent type first', () => {
    const stacked = stackByDay(
      [
        { day: '2026-11-02', action_type: 'noise', actions: 1, attempts: 1 },
        { day: '2026-11-02T00:00:00Z', action_type: 'focus_lost', actions: 2, attempts: 1 },
        { day: '2026-11-04 00:00:00', action_type: 'focus_lost', actions: 3, attempts: 2 },
      ],
      '2026-11-01',
      '2026-11-04',
    );
    expect(stacked.types).toEqual(['focus_lost', 'noise']);
    expect(stacked.rows).toEqual([
      { day: '2026-11-01', focus_lost: 0, noise: 0 },
      { day: '2026-11-02', focus_lost: 2, noise: 1 },
      { day: '2026-11-03', focus_lost: 0, noise: 0 },
      { day: '2026-11-04', focus_lost: 3, noise: 0 },
    ]);
  });

  it('keeps days the server sent outside the period, and has no types for no data', () => {
    expect(
      stackByDay(
        [{ day: '2026-10-30', action_type: 'noise', actions: 4, attempts: 1 }],
        '2026-11-01',
        '2026-11-01',
      ).rows,
    ).toEqual([
      { day: '2026-10-30', noise: 4 },
      { day: '2026-11-01', noise: 0 },
    ]);
    expect(stackByDay([], '2026-11-01', '2026-11-02')).toEqual({
      types: [],
      rows: [{ day: '2026-11-01' }, { day: '2026-11-02' }],
    });
  });

  it('lists the days of a range, across a month end, and none for a reversed or huge one', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(daysBetween('2026-03-02', '2026-03-01')).toEqual([]);
    expect(daysBetween('2000-01-01', '2026-01-01')).toEqual([]);
  });
});
