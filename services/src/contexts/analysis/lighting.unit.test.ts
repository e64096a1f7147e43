import { describe, expect, it } from 'vitest';
import { evenLighting } from './lighting';

/** A 20 × 10 picture: left half one grey, right half another. */
const twoGreys = (left: number, right: number) => {
  const data = new Uint8Array(20 * 10 * 3);
  for (let i = 0; i < 200; i++) data.fill(i % 20 < 10 ? left : right, i * 3, i * 3 + 3);
  return { width: 20, height: 10, data };
};

describe('low light for the face models', () => {
  it('passes a normally lit frame through untouched', () => {
    const lit = twoGreys(20, 230);
    expect(evenLighting(lit)).toBe(lit);
  });

  it('stretches a dark frame towards the full range, keeping the order of greys', () => {
    const out = evenLighting(twoGreys(10, 50));
    expect(out.data[0]).toBe(0);
    // A gain of at most 4: the brighter half goes from 50 to 160, not to 255.
    expect(out.data[10 * 3]).toBe(160);
  });

  it('stretches a flat, washed-out frame to the full range', () => {
    const out = evenLighting(twoGreys(150, 230));
    expect(out.data[0]).toBe(0);
    expect(out.data[10 * 3]).toBe(255);
  });
});
