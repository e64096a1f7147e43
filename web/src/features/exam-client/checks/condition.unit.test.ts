import { describe, expect, it } from 'vitest';
import { Condition, toleranceOf } from './condition';

/** Feeds states every 500 ms; returns "postedAt:phase@stamp" of each report. */
function reports(states: boolean[], condition = new Condition(1_500, ids(), 5_000)): string[] {
  return states.flatMap((active, i) =>
    condition.update(active, i * 500).map((r) => `${i * 500}:${r.id}:${r.phase}@${r.at}`),
  );
}
function ids() {
  let n = 0;
  return () => `c${++n}`;
}
const run = (n: number, active: boolean) => Array<boolean>(n).fill(active);

describe('a lasting condition', () => {
  it('begins once it lasted the tolerance, stamped with its start, and beats while it lasts', () => {
    expect(reports([...run(2, false), ...run(24, true)])).toEqual([
      '2500:c1:begin@1000',
      '7500:c1:heartbeat@7500',
      '12500:c1:heartbeat@12500',
    ]);
  });

  it('ends once gone for the tolerance, stamped with when it went', () => {
    expect(reports([...run(10, true), ...run(4, false)])).toEqual(['1500:c1:begin@0', '6500:c1:end@5000']);
  });

  it('is not split by a gap shorter than the tolerance, and never begins for a blip', () => {
    expect(reports([...run(6, true), ...run(2, false), ...run(6, true), ...run(4, false)])).toEqual([
      '1500:c1:begin@0',
      '6500:c1:heartbeat@6500',
      '8500:c1:end@7000',
    ]);
    expect(reports([true, true, false, true, false])).toEqual([]);
  });

  it('starts a new condition after one ended', () => {
    expect(reports([...run(4, true), ...run(4, false), ...run(4, true)])).toEqual([
      '1500:c1:begin@0',
      '3500:c1:end@2000',
      '5500:c2:begin@4000',
    ]);
  });

  it('closes at the given time, or when it went if it was already going', () => {
    const open = new Condition(1_500, ids());
    reports(run(5, true), open);
    expect(open.close(9_000)).toEqual([{ id: 'c1', phase: 'end', at: 9_000 }]);
    expect(open.close(9_500)).toEqual([]);
    const going = new Condition(1_500, ids());
    reports([...run(5, true), false], going);
    expect(going.close(9_000)).toEqual([{ id: 'c1', phase: 'end', at: 2_500 }]);
  });

  it('reads tolerances from the settings, falling back on malformed values', () => {
    expect(toleranceOf(2_000)).toBe(2_000);
    expect(toleranceOf('2000')).toBe(1_500);
    expect(toleranceOf(-1)).toBe(1_500);
    expect(toleranceOf(undefined, 3_000)).toBe(3_000);
  });
});
