import { describe, expect, it } from 'vitest';
import { recentAssignments } from './recent-assignments';
import { buildGrid, mergeActions, orderGrid } from './roster';
import type { QueueEntry } from './types';
import { at, action } from './test-fixtures';

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
