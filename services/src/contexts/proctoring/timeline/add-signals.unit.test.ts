import { describe, expect, it } from 'vitest';
import { mergeSignals, type Run, type TimelineSignal } from './build-timeline';
import { addSignals } from './add-signals';
import { timelineSettings } from './tolerances';

const settings = timelineSettings({ noise_tolerance: { frames: 3, time: 1500 }, head_tolerance: 1000 });
const TYPES = ['focus_lost', 'noise', 'face_missing', 'internet_lost', 'session_started'];
const s = (id: string, type: string, at: number): TimelineSignal => ({ id, type, at, source: 'client' });

function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('adding new signals to stored runs', () => {
  it('extends a run, falls inside one, or bridges two', () => {
    const runs = mergeSignals(
      [s('a', 'focus_lost', 0), s('b', 'focus_lost', 1000), s('c', 'focus_lost', 4000)],
      settings,
    );
    expect(
      addSignals(runs, [s('d', 'focus_lost', 500)], settings).map((r) => [r.start, r.end, r.signals]),
    ).toEqual([
      [0, 1000, 3],
      [4000, 4000, 1],
    ]);
    expect(
      addSignals(runs, [s('e', 'focus_lost', 2500)], settings).map((r) => [r.start, r.end, r.signals]),
    ).toEqual([[0, 4000, 4]]);
    expect(addSignals(runs, [s('f', 'focus_lost', 9000)], settings)).toHaveLength(3);
  });

  it('lifts noise over its minimum, keeps types apart and ignores proctor and lifecycle actions', () => {
    const runs = mergeSignals([s('a', 'noise', 0), s('b', 'noise', 1000)], settings);
    const after = addSignals(
      runs,
      [s('c', 'noise', 2000), s('d', 'face_missing', 2000), s('e', 'session_started', 0)],
      settings,
    );
    expect(after.map((r) => [r.type, r.signals])).toEqual([
      ['noise', 3],
      ['face_missing', 1],
    ]);
  });

  it('equals a merge of everything, whatever the batches and their order', () => {
    for (let seed = 1; seed <= 50; seed += 1) {
      const random = prng(seed);
      const signals = Array.from({ length: 150 }, (_, i) => ({
        ...s(`e${i}`, TYPES[Math.floor(random() * TYPES.length)]!, Math.floor(random() * 60_000)),
        source: random() < 0.8 ? ('client' as const) : ('server' as const),
      }));
      let runs: Run[] = [];
      for (let i = 0; i < signals.length;) {
        const size = 1 + Math.floor(random() * 12);
        runs = addSignals(runs, signals.slice(i, i + size), settings);
        i += size;
      }
      expect(runs, `seed ${seed}`).toEqual(mergeSignals(signals, settings));
    }
  });
});
