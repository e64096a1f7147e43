import { describe, expect, it } from 'vitest';
import { mergeSignals, type Run, type TimelineSignal } from './build-timeline';
import { mergeWindows, spliceRuns } from './splice-runs';
import { timelineSettings } from './tolerances';

const settings = timelineSettings({ noise_tolerance: { frames: 3, time: 1500 }, head_tolerance: 1000 });
const TYPES = ['focus_lost', 'noise', 'face_missing', 'internet_lost'];

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

/** What the projection does per batch: windows from the stored runs, re-read the store inside them. */
function applyBatch(runs: Run[], stored: TimelineSignal[], batch: TimelineSignal[]): Run[] {
  stored.push(...batch.filter((s) => !stored.some((t) => t.id === s.id)));
  const windows = mergeWindows(runs, batch, settings);
  const inWindows = stored.filter((s) =>
    windows.some((w) => w.type === s.type && s.at >= w.from && s.at <= w.to),
  );
  return spliceRuns(runs, windows, inWindows, settings);
}

describe('merging new signals into stored runs', () => {
  it('bridges two runs with a late signal between them', () => {
    const s = (id: string, at: number): TimelineSignal => ({ id, type: 'focus_lost', at, source: 'client' });
    const stored = [s('a', 0), s('b', 1000), s('c', 4000), s('d', 5000)];
    const runs = mergeSignals(stored, settings);
    expect(runs.map((r) => [r.start, r.end])).toEqual([
      [0, 1000],
      [4000, 5000],
    ]);
    const after = applyBatch(runs, [...stored], [s('e', 2500)]);
    expect(after.map((r) => [r.start, r.end, r.signals])).toEqual([[0, 5000, 5]]);
  });

  it('lifts a run of noise over its minimum with a later frame', () => {
    const s = (id: string, at: number): TimelineSignal => ({ id, type: 'noise', at, source: 'client' });
    const stored = [s('a', 0), s('b', 1000)];
    const after = applyBatch(mergeSignals(stored, settings), [...stored], [s('c', 2500)]);
    expect(after).toEqual([{ type: 'noise', start: 0, end: 2500, signals: 3, sources: ['client'] }]);
  });

  it('equals a merge of everything, whatever the batches, their order and their retries', () => {
    for (let seed = 1; seed <= 40; seed += 1) {
      const random = prng(seed);
      const signals: TimelineSignal[] = Array.from({ length: 120 }, (_, i) => ({
        id: `e${i}`,
        type: TYPES[Math.floor(random() * TYPES.length)]!,
        at: Math.floor(random() * 60_000),
        source: random() < 0.8 ? 'client' : 'server',
      }));
      let runs: Run[] = [];
      const stored: TimelineSignal[] = [];
      let i = 0;
      while (i < signals.length) {
        const size = 1 + Math.floor(random() * 12);
        const batch = signals.slice(i, i + size);
        // A retry of an earlier signal now and then.
        if (i > 0 && random() < 0.3) batch.push(signals[Math.floor(random() * i)]!);
        runs = applyBatch(runs, stored, batch);
        i += size;
      }
      expect(runs, `seed ${seed}`).toEqual(mergeSignals(signals, settings));
    }
  });
});
