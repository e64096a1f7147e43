import { CONDITION_SESSION_GRACE_MS, type ConditionPhase } from '@sabaq/events';
import { describe, expect, it } from 'vitest';
import { addSignals } from './add-signals';
import { buildTimeline, mergeSignals, timelineFromRuns, type TimelineSignal } from './build-timeline';
import { timelineSettings } from './tolerances';

const settings = timelineSettings({ head_tolerance: 1500, noise_tolerance: { frames: 3, time: 1500 } });
const T0 = Date.parse('2026-11-27T10:00:00.000Z');
const phase = (
  id: string,
  type: string,
  condition: string,
  p: ConditionPhase,
  at: number,
): TimelineSignal => ({
  id,
  type,
  at: T0 + at,
  source: 'client',
  condition: { id: condition, phase: p },
});
const sessionEnd = (id: string, at: number): TimelineSignal => ({
  id,
  type: 'session_ended',
  at: T0 + at,
  source: 'client',
});
const point = (id: string, type: string, at: number): TimelineSignal => ({
  id,
  type,
  at: T0 + at,
  source: 'client',
});

/** A minute without a face: begun at 2 s, a heartbeat every 5 s, ended at 62 s. */
function absence(condition = 'c1', type = 'face_missing'): TimelineSignal[] {
  const signals = [phase(`${condition}-b`, type, condition, 'begin', 2_000)];
  for (let at = 7_000; at < 62_000; at += 5_000)
    signals.push(phase(`${condition}-h${at}`, type, condition, 'heartbeat', at));
  signals.push(phase(`${condition}-e`, type, condition, 'end', 62_000));
  return signals;
}
const shown = (signals: readonly TimelineSignal[]) =>
  buildTimeline(signals, settings).violations.map((i) => [i.type, i.duration, i.start]);

describe('conditions as intervals', () => {
  it('makes one interval from begin to end, however far apart its heartbeats are', () => {
    const timeline = buildTimeline(absence(), settings);
    expect(timeline.violations).toHaveLength(1);
    expect(timeline.violations[0]).toMatchObject({
      type: 'face_missing',
      start: new Date(T0 + 2_000).toISOString(),
      end: new Date(T0 + 62_000).toISOString(),
      duration: 60,
      duration_text: '00:01:00',
      signals: 13,
    });
    // The same signals as points would split at every 5-s gap: what the issue saw.
    const asPoints = absence().map((s) => point(s.id, s.type, s.at - T0));
    expect(buildTimeline(asPoints, settings).violations.length).toBeGreaterThan(1);
  });

  it('counts a duplicate once and ends the same in any order of arrival', () => {
    const signals = absence();
    const expected = shown(signals);
    const reversed = [...signals].reverse();
    const doubled = [...signals, ...signals.slice(0, 5), signals.at(-1)!];
    expect(shown(reversed)).toEqual(expected);
    expect(shown(doubled)).toEqual(expected);
    // Delivered late, in small shuffled batches, onto stored runs.
    let runs = addSignals([], [], settings);
    const late = [signals.at(-1)!, ...signals.slice(6), ...signals.slice(0, 6)];
    for (let i = 0; i < late.length; i += 3) runs = addSignals(runs, late.slice(i, i + 3), settings);
    expect(timelineFromRuns(runs, settings).violations.map((i) => [i.type, i.duration, i.start])).toEqual(
      expected,
    );
  });

  it('closes a condition whose end was lost at its last heartbeat', () => {
    const lost = absence().slice(0, -1); // heartbeats up to 57 s, no end
    const [interval] = buildTimeline(lost, settings).violations;
    expect(interval!.end).toBe(new Date(T0 + 57_000).toISOString());
    expect(interval!.duration).toBe(55);
  });

  it('closes an open condition at the session end when the client was alive until then', () => {
    const open = absence().slice(0, -1);
    const [closed] = buildTimeline([...open, sessionEnd('s1', 59_000)], settings).violations;
    expect(closed!.end).toBe(new Date(T0 + 59_000).toISOString());
    expect(closed!.duration).toBe(57);
    // A session that ended long after the heartbeats stopped: the client was gone, not the condition.
    const later = 57_000 + CONDITION_SESSION_GRACE_MS + 1_000;
    const [gone] = buildTimeline([...open, sessionEnd('s2', later)], settings).violations;
    expect(gone!.end).toBe(new Date(T0 + 57_000).toISOString());
    // A condition the client ended keeps its end; a session end before the condition does not apply.
    const [ended] = buildTimeline([...absence(), sessionEnd('s3', 63_000)], settings).violations;
    expect(ended!.duration).toBe(60);
  });

  it('shows one interval where a condition and other signals of its type overlap, with every source', () => {
    // The server's AI saw the same absence (points), and a second detector reported it as well.
    const server = [20_000, 21_000, 22_000, 70_000].map((at, i) => ({
      ...point(`s${i}`, 'face_missing', at),
      source: 'server' as const,
    }));
    const second = absence('c2').map((s) => ({ ...s, at: s.at + 600 }));
    const violations = buildTimeline([...absence('c1'), ...second, ...server], settings).violations;
    expect(violations.map((i) => [i.duration, i.sources])).toEqual([
      [61, ['client', 'server']],
      [0, ['server']],
    ]);
    // Stored apart all the same: a late phase still finds its own condition.
    expect(mergeSignals([...absence('c1'), ...second], settings).filter((r) => r.condition)).toHaveLength(2);
  });

  it('keeps types apart', () => {
    const many = absence('c3', 'many_faces');
    expect(buildTimeline([...absence('c1'), ...many], settings).violations.map((i) => i.type)).toEqual([
      'face_missing',
      'many_faces',
    ]);
  });

  it('shows a condition however few its phases (noise’s minimum is for points)', () => {
    const signals = [phase('b', 'noise', 'n1', 'begin', 0), phase('e', 'noise', 'n1', 'end', 4_000)];
    const timeline = buildTimeline(signals, settings);
    expect(timeline.violations.map((i) => i.duration)).toEqual([4]);
    expect(timeline.dropped).toBe(0);
  });

  it('adds phases to stored runs exactly as merging everything at once does', () => {
    const random = prng(7);
    for (let round = 0; round < 40; round += 1) {
      const signals: TimelineSignal[] = [];
      for (let c = 0; c < 4; c += 1) {
        const type = ['face_missing', 'many_faces', 'focus_lost'][Math.floor(random() * 3)]!;
        const start = Math.floor(random() * 100_000);
        signals.push(phase(`r${round}c${c}b`, type, `c${c}`, 'begin', start));
        const beats = Math.floor(random() * 6);
        for (let h = 1; h <= beats; h += 1)
          signals.push(phase(`r${round}c${c}h${h}`, type, `c${c}`, 'heartbeat', start + h * 5_000));
        if (random() < 0.7)
          signals.push(phase(`r${round}c${c}e`, type, `c${c}`, 'end', start + beats * 5_000 + 900));
      }
      for (let p = 0; p < 6; p += 1)
        signals.push(point(`r${round}p${p}`, 'face_missing', Math.floor(random() * 100_000)));
      if (random() < 0.5) signals.push(sessionEnd(`r${round}s`, 60_000));
      const shuffled = signals
        .map((s) => ({ s, k: random() }))
        .sort((a, b) => a.k - b.k)
        .map(({ s }) => s);
      let runs = addSignals([], [], settings);
      for (let i = 0; i < shuffled.length;) {
        const size = 1 + Math.floor(random() * 5);
        runs = addSignals(runs, shuffled.slice(i, i + size), settings);
        i += size;
      }
      expect(runs).toEqual(mergeSignals(signals, settings));
    }
  });
});

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
