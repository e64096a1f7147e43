import { describe, expect, it } from 'vitest';
import { clockTime, durationClassOf, formatClock, secondsBetween } from './duration';
import { filterActions, filterIntervals, NO_FILTER, toggled, typesOf } from './filters';
import { actionIndexAt } from './position';
import { fractionOf, instantOf, seekOffset, timelineSpan } from './seek';
import { stripCells } from './strip';
import { scrollToShow, windowRange } from './windowing';
import { T0, at, interval, action } from './test-fixtures';

describe('durations', () => {
  it('shows whole seconds as HH:mm:ss without wrapping the hours', () => {
    expect(formatClock(0)).toBe('00:00:00');
    expect(formatClock(59.9)).toBe('00:00:59');
    expect(formatClock(61)).toBe('00:01:01');
    expect(formatClock(3600)).toBe('01:00:00');
    expect(formatClock(26 * 3600 + 5)).toBe('26:00:05');
    expect(formatClock(-3)).toBe('00:00:00');
  });

  it('classes as the server does: up to a minute seconds, up to an hour minutes, then hours', () => {
    expect(durationClassOf(0)).toBe('seconds');
    expect(durationClassOf(60)).toBe('seconds');
    expect(durationClassOf(61)).toBe('minutes');
    expect(durationClassOf(3600)).toBe('minutes');
    expect(durationClassOf(3601)).toBe('hours');
  });

  it('counts whole seconds between instants and shows wall-clock time with seconds', () => {
    expect(secondsBetween(at(0), at(125.7))).toBe(125);
    expect(secondsBetween(at(10), at(0))).toBe(0);
    const local = new Date(T0);
    local.setHours(7, 5, 9);
    expect(clockTime(local.getTime())).toBe('07:05:09');
    expect(clockTime('not a date')).toBe('—');
  });
});

describe('filters', () => {
  const intervals = [
    interval({ type: 'focus_lost', from: 0, to: 5 }),
    interval({ type: 'face_missing', from: 10, to: 20, sources: ['server'] }),
    interval({ type: 'face_missing', from: 30, to: 31, sources: ['client', 'proctor'] }),
  ];

  it('keeps everything with no filter, narrows by type and by source, and by both', () => {
    expect(filterIntervals(intervals, NO_FILTER)).toHaveLength(3);
    const byType = filterIntervals(intervals, { types: new Set(['face_missing']), sources: new Set() });
    expect(byType.map((i) => i.start)).toEqual([at(10), at(30)]);
    const bySource = filterIntervals(intervals, {
      types: new Set(),
      sources: new Set(['proctor', 'server']),
    });
    expect(bySource.map((i) => i.start)).toEqual([at(10), at(30)]);
    const both = filterIntervals(intervals, { types: new Set(['focus_lost']), sources: new Set(['server']) });
    expect(both).toEqual([]);
  });

  it('filters actions by their one source and type, and lists the types present', () => {
    const actions = [
      action({ action_type: 'noise', second: 1 }),
      action({ action_type: 'proctor_message', second: 2, source: 'proctor' }),
    ];
    expect(filterActions(actions, NO_FILTER)).toBe(actions);
    expect(filterActions(actions, { types: new Set(), sources: new Set(['proctor']) })).toEqual([actions[1]]);
    expect(typesOf([...intervals, ...actions])).toEqual([
      'face_missing',
      'focus_lost',
      'noise',
      'proctor_message',
    ]);
  });

  it('toggles a value without changing the set it was given', () => {
    const start = new Set(['a']);
    const next = toggled(start, 'b');
    expect([...next]).toEqual(['a', 'b']);
    expect([...toggled(next, 'a')]).toEqual(['b']);
    expect([...start]).toEqual(['a']);
  });
});

describe('windowing', () => {
  it('draws the rows in view plus the overscan, and keeps the full height', () => {
    expect(windowRange(10_000, 32, 0, 320, 6)).toEqual({
      start: 0,
      end: 17,
      offsetTop: 0,
      totalHeight: 320_000,
    });
    const middle = windowRange(10_000, 32, 32 * 5000 + 10, 320, 6);
    expect(middle.start).toBe(4994);
    expect(middle.end).toBe(5017);
    expect(middle.offsetTop).toBe(4994 * 32);
  });

  it('clamps a scroll past the end and handles short and empty lists', () => {
    const end = windowRange(100, 32, 1e9, 320, 2);
    expect(end.end).toBe(100);
    expect(end.start).toBe(100 - 10 - 2);
    expect(windowRange(3, 32, 0, 320)).toMatchObject({ start: 0, end: 3, totalHeight: 96 });
    expect(windowRange(0, 32, 0, 320)).toEqual({ start: 0, end: 0, offsetTop: 0, totalHeight: 0 });
  });

  it('scrolls as little as needed to show a row', () => {
    expect(scrollToShow(5, 32, 0, 320)).toBe(0);
    expect(scrollToShow(20, 32, 0, 320)).toBe(21 * 32 - 320);
    expect(scrollToShow(2, 32, 200, 320)).toBe(64);
  });
});

describe('seeking', () => {
  const recording = { startedAt: at(100), duration: 600 };

  it('turns an interval start into seconds into the recording', () => {
    expect(seekOffset(at(100), recording)).toBe(0);
    expect(seekOffset(at(142.5), recording)).toBe(42.5);
    expect(seekOffset(at(700), recording)).toBe(600);
  });

  it('refuses instants outside the recording instead of showing the wrong moment', () => {
    expect(seekOffset(at(99), recording)).toBeNull();
    expect(seekOffset(at(701), recording)).toBeNull();
    expect(seekOffset(at(5000), { startedAt: at(100), duration: null })).toBe(4900);
    expect(seekOffset('garbage', recording)).toBeNull();
  });

  it('maps the player position back to the exam and onto the strip', () => {
    expect(instantOf(42, recording)).toBe(T0 + 142_000);
    const span = timelineSpan([T0, T0 + 1000 * 200]);
    expect(fractionOf(T0 + 50_000, span)).toBe(0.25);
    expect(fractionOf(T0 - 5, span)).toBe(0);
    expect(fractionOf(T0 + 1e9, span)).toBe(1);
    expect(timelineSpan([])).toEqual({ from: 0, to: 1000 });
    expect(timelineSpan([T0, T0])).toEqual({ from: T0, to: T0 + 1000 });
  });

  it('finds the action at the player position by binary search', () => {
    const actions = Array.from({ length: 10_000 }, (_, i) => action({ action_type: 'noise', second: i * 2 }));
    expect(actionIndexAt(actions, T0 - 1)).toBe(-1);
    expect(actionIndexAt(actions, T0)).toBe(0);
    expect(actionIndexAt(actions, T0 + 2 * 4321 * 1000 + 1500)).toBe(4321);
    expect(actionIndexAt(actions, T0 + 1e12)).toBe(9_999);
  });

  it('folds any number of intervals into a fixed number of strip cells', () => {
    const many = Array.from({ length: 5000 }, (_, i) =>
      interval({ type: 'noise', from: i * 4, to: i * 4 + 1, kind: i % 2 ? 'warning' : 'violation' }),
    );
    const cells = stripCells(many, timelineSpan([T0, T0 + 20_000_000]), 240);
    expect(cells).toHaveLength(240);
    expect(cells.every((c) => c.violation && c.warning)).toBe(true);
    const one = stripCells(
      [interval({ type: 'noise', from: 50, to: 74 })],
      { from: T0, to: T0 + 100_000 },
      4,
    );
    expect(one).toEqual([
      { violation: false, warning: false },
      { violation: false, warning: false },
      { violation: true, warning: false },
      { violation: false, warning: false },
    ]);
  });
});
