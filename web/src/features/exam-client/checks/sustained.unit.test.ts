import { describe, expect, it } from 'vitest';
import { Sustained, toleranceOf } from './sustained';

/** Feeds states every 500 ms and returns the times it fired. */
function firings(tolerance: number, states: boolean[]): number[] {
  const s = new Sustained(tolerance);
  return states.flatMap((active, i) => (s.update(active, i * 500) ? [i * 500] : []));
}

describe('a sustained condition', () => {
  it('fires once it lasted the tolerance, then every tolerance while it lasts', () => {
    expect(firings(1_500, [true, true, true, true, true, true, true, true, false])).toEqual([1_500, 3_000]);
  });

  it('never fires for blips shorter than the tolerance, and starts over after a gap', () => {
    expect(firings(1_500, [true, true, false, true, true, false, true, true, true, true])).toEqual([4_500]);
  });

  it('with no tolerance fires at once', () => {
    expect(firings(0, [false, true, true])).toEqual([500, 1_000]);
  });

  it('reads tolerances from the settings, falling back on malformed values', () => {
    expect(toleranceOf(2_000)).toBe(2_000);
    expect(toleranceOf('2000')).toBe(1_500);
    expect(toleranceOf(-1)).toBe(1_500);
    expect(toleranceOf(undefined, 3_000)).toBe(3_000);
  });
});
