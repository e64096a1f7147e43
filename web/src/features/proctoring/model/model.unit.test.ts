import { describe, expect, it } from 'vitest';
import { clockTime, durationClassOf, formatClock, secondsBetween } from './duration';
import { filterActions, filterIntervals, NO_FILTER, toggled, typesOf } from './filters';
import { actionIndexAt } from './position';
import { recentAssignments } from './recent-assignments';
import { buildGrid, mergeActions, orderGrid } from './roster';
import { fractionOf, instantOf, seekOffset, timelineSpan } from './seek';
import { stripCells } from './strip';
import type { ProctoringAction, QueueEntry, TimelineInterval } from './types';
import { scrollToShow, windowRange } from './windowing';

const T0 = Date.parse('2026-03-01T09:00:00.000Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();

function interval(
  fields: Partial<TimelineInterval> & { type: string; from: number; to: number },
): TimelineInterval {
  const { from, to, ...rest } = fields;
  return {
    key: `${fields.type}:${from}`,
    kind: 'violation',
    start: at(from),
    end: at(to),
    duration: to - from,
    duration_class: durationClassOf(to - from),
    duration_text: formatClock(to - from),
    signals: 2,
    sources: ['client'],
    review: null,
    ...rest,
  };
}

let nextId = 0;
function action(
  fields: Partial<ProctoringAction> & { action_type: string; second: number },
): ProctoringAction {
  const { second, ...rest } = fields;
  nextId += 1;
  return {
    id: `a-${nextId}`,
    assignment_id: 'as-1',
    assignment_attempt_id: 'at-1',
    student_id: 'st-1',
    initiator_id: null,
    webinar_session_id: null,
    is_warning: false,
    is_archived: false,
    description: null,
    source: 'client',
    screenshot: null,
    screenshots: [],
    screenshot_urls: [],
    created_at: at(second),
    ...rest,
  };
}

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

describe('the grid', () => {
  const queue: QueueEntry[] = [
    {
      assignment_attempt_id: 'at-2',
      student_id: 'st-2',
      status: 'active',
      score: 40,
      range: { min: 30, max: 80 },
      unreviewed: 2,
      points: 0,
      priority: 50,
      decisive: true,
      stakes: 1,
      contributions: [
        { action_type: 'face_missing', kind: 'violation', intervals: 2 },
        { action_type: 'focus_lost', kind: 'violation', intervals: 1 },
        { action_type: 'fullscreen_lost', kind: 'warning', intervals: 1 },
      ],
    },
  ];

  it('builds rows from attempts, the queue and actions; newest violations first; the hold state', () => {
    const actions = [
      action({ action_type: 'session_started', second: 0 }),
      action({ action_type: 'focus_lost', second: 1 }),
      action({ action_type: 'fullscreen_lost', second: 2, is_warning: true }),
      action({ action_type: 'noise', second: 3 }),
      action({ action_type: 'face_missing', second: 4 }),
      action({ action_type: 'exam_suspended', second: 5, source: 'proctor' }),
      action({ action_type: 'exam_resumed', second: 6, source: 'proctor' }),
      action({ action_type: 'exam_suspended', second: 7, source: 'proctor' }),
      action({ action_type: 'noise', second: 3, assignment_attempt_id: 'at-3', student_id: 'st-3' }),
    ];
    const rows = buildGrid(
      [{ id: 'at-1', student_id: 'st-1', status: 'active', started_at: at(0) }],
      queue,
      actions,
    );
    const [one, two, three] = rows;
    expect(rows.map((r) => r.attemptId)).toEqual(['at-1', 'at-2', 'at-3']);
    expect(one!.newest.map((a) => a.action_type)).toEqual(['face_missing', 'noise', 'fullscreen_lost']);
    // Counts are the timeline's intervals (the queue's), never the signals: at-1 is not in the queue yet.
    expect(one).toMatchObject({
      violations: 0,
      warnings: 0,
      state: 'suspended',
      lastActivity: at(7),
      score: null,
    });
    expect(two).toMatchObject({
      state: 'active',
      score: 40,
      priority: 50,
      newest: [],
      violations: 3,
      warnings: 1,
    });
    expect(three).toMatchObject({ studentId: 'st-3', state: 'active', violations: 0 });
  });

  it('lists every student of the roster in one state; a finished attempt stays finished whatever was held', () => {
    const rows = buildGrid(
      [{ id: 'at-1', student_id: 'st-1', status: 'finished', started_at: at(0) }],
      [],
      [
        action({ action_type: 'exam_suspended', second: 5, source: 'proctor' }),
        action({
          action_type: 'exam_suspended',
          second: 6,
          assignment_attempt_id: 'at-2',
          student_id: 'st-2',
        }),
      ],
      [
        {
          student_id: 'st-1',
          assignment_attempt_id: 'at-1',
          number: 1,
          state: 'finished',
          started_at: at(0),
          finished_at: at(9),
        },
        {
          student_id: 'st-2',
          assignment_attempt_id: 'at-2',
          number: 1,
          state: 'active',
          started_at: at(0),
          finished_at: null,
        },
        {
          student_id: 'st-4',
          assignment_attempt_id: null,
          number: null,
          state: 'not_started',
          started_at: null,
          finished_at: null,
        },
      ],
    );
    expect(rows.map((r) => [r.key, r.studentId, r.state])).toEqual([
      ['at-1', 'st-1', 'finished'],
      ['at-2', 'st-2', 'suspended'],
      ['student:st-4', 'st-4', 'not_started'],
    ]);
    // Once the student's first action is seen live, the "not started" row gives way to the attempt's.
    const started = buildGrid(
      [],
      [],
      [
        action({
          action_type: 'session_started',
          second: 1,
          assignment_attempt_id: 'at-4',
          student_id: 'st-4',
        }),
      ],
      [
        {
          student_id: 'st-4',
          assignment_attempt_id: null,
          number: null,
          state: 'not_started',
          started_at: null,
          finished_at: null,
        },
      ],
    );
    expect(started.map((r) => [r.key, r.state])).toEqual([['at-4', 'active']]);
  });

  it('orders by name, or by the queue with unlisted attempts last', () => {
    const rows = buildGrid(
      [
        { id: 'at-1', student_id: 'st-1', status: 'active', started_at: null },
        { id: 'at-3', student_id: 'st-3', status: 'active', started_at: null },
      ],
      queue,
      [],
    );
    const names = { 'st-1': 'Петров', 'st-2': 'Яковлева', 'st-3': 'Ахметов' };
    expect(orderGrid(rows, 'name', names).map((r) => r.studentId)).toEqual(['st-3', 'st-1', 'st-2']);
    expect(orderGrid(rows, 'queue', names).map((r) => r.studentId)).toEqual(['st-2', 'st-3', 'st-1']);
  });

  it('merges live actions once, in time order', () => {
    const loaded = [action({ action_type: 'noise', second: 1 }), action({ action_type: 'noise', second: 5 })];
    const live = [loaded[1]!, action({ action_type: 'noise', second: 3 })];
    expect(mergeActions(loaded, [])).toBe(loaded);
    expect(mergeActions(loaded, live).map((a) => a.created_at)).toEqual([at(1), at(3), at(5)]);
  });

  it("folds a condition's pushed phases into its one row: no heartbeat rows, the end closes it", () => {
    const phase = (condition_phase: 'begin' | 'heartbeat' | 'end', second: number) =>
      action({ action_type: 'face_missing', second, condition_id: 'c-1', condition_phase });
    // The list answered the condition's row (begun at 10 s, 5 s so far) and a point.
    const loaded = [
      action({ action_type: 'face_missing', second: 10, condition_id: 'c-1', ended_at: null, duration: 5 }),
      action({ action_type: 'noise', second: 12 }),
    ];
    const merged = mergeActions(loaded, [phase('heartbeat', 20), phase('heartbeat', 25), phase('end', 40)]);
    expect(merged.map((a) => [a.action_type, a.created_at, a.ended_at ?? null, a.duration ?? null])).toEqual([
      ['face_missing', at(10), at(40), 30],
      ['noise', at(12), null, null],
    ]);
    expect(merged[0]!.id).toBe(loaded[0]!.id);
    // A condition begun after the page loaded: its begin is the row, its heartbeats lengthen it.
    const fresh = mergeActions(
      [],
      [
        action({ action_type: 'many_faces', second: 50, condition_id: 'c-2', condition_phase: 'begin' }),
        action({ action_type: 'many_faces', second: 55, condition_id: 'c-2', condition_phase: 'heartbeat' }),
        action({ action_type: 'many_faces', second: 51, condition_id: 'c-3', condition_phase: 'begin' }),
      ],
    );
    expect(fresh.map((a) => [a.condition_id, a.created_at, a.ended_at, a.duration])).toEqual([
      ['c-2', at(50), null, 5],
      ['c-3', at(51), null, 0],
    ]);
  });

  it('lists recently active assignments, the latest first', () => {
    const list = recentAssignments([
      action({ action_type: 'noise', second: 1, assignment_id: 'x' }),
      action({ action_type: 'noise', second: 9, assignment_id: 'y' }),
      action({ action_type: 'noise', second: 4, assignment_id: 'x', student_id: 'st-9' }),
    ]);
    expect(list).toEqual([
      { id: 'y', lastActivity: at(9), actions: 1, students: 1 },
      { id: 'x', lastActivity: at(4), actions: 2, students: 2 },
    ]);
  });
});
