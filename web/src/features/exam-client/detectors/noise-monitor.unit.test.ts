import { describe, expect, it } from 'vitest';
import { noiseThresholdDb, rmsDb } from './noise-monitor';

describe('noise loudness', () => {
  it('lowers the threshold as the sensitivity grows, default 10 → −24 dBFS', () => {
    expect(noiseThresholdDb(0)).toBe(-20);
    expect(noiseThresholdDb(10)).toBe(-24);
    expect(noiseThresholdDb(100)).toBe(-60);
    expect(noiseThresholdDb(500)).toBe(-60);
    expect(noiseThresholdDb('loud')).toBe(-24);
  });

  it('measures RMS in dBFS: a full-scale square wave is 0, silence is −∞, half amplitude about −6', () => {
    expect(rmsDb(Float32Array.from({ length: 64 }, (_, i) => (i % 2 ? 1 : -1)))).toBeCloseTo(0, 5);
    expect(rmsDb(new Float32Array(64))).toBe(-Infinity);
    expect(rmsDb(Float32Array.from({ length: 64 }, (_, i) => (i % 2 ? 0.5 : -0.5)))).toBeCloseTo(-6.02, 1);
  });
});
