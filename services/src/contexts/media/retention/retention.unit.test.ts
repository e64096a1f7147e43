import { describe, expect, it } from 'vitest';
import { retentionDecider } from './retention';

const { decide, evolve, initialState } = retentionDecider;
const set = (days: number | null) => ({
  type: 'RecordingRetentionSet' as const,
  data: { school_id: 's1', days },
});

describe('a school’s retention period', () => {
  it('is recorded when it changes, and only then', () => {
    expect(decide({ schoolId: 's1', days: 30 }, initialState)).toEqual([set(30)]);
    expect(decide({ schoolId: 's1', days: null }, initialState)).toEqual([]);
    const thirty = evolve(initialState, set(30));
    expect(decide({ schoolId: 's1', days: 30 }, thirty)).toEqual([]);
    expect(decide({ schoolId: 's1', days: null }, thirty)).toEqual([set(null)]);
  });
});
