import { describe, expect, it } from 'vitest';
import {
  isBlank,
  stepsOf,
  studentState,
  type StudentAssignment,
  type StudentAttempt,
  type WorkComponent,
} from './model';

const assignment = (patch: Partial<StudentAssignment>): StudentAssignment => ({
  id: 'a',
  type: 'quiz',
  status: 'process',
  name: 'Тест',
  description: null,
  complete_time: 30,
  max_attempts: 2,
  starting_at: '2026-01-01T00:00:00Z',
  ending_at: '2026-01-08T00:00:00Z',
  ending_at_type: 'without',
  is_proctoring: true,
  is_suspended: false,
  is_finished: false,
  is_straight_answer: false,
  is_show_results_after_finished: false,
  is_show_scores: false,
  points: 5,
  components: [],
  ...patch,
});
const attempt = (status: StudentAttempt['status'], number = 1): StudentAttempt => ({
  id: `t${number}`,
  number,
  status,
  points: null,
  started_at: '2026-01-01T00:00:00Z',
  ends_at: null,
  finished_at: null,
  finish_reason: null,
});

describe('what a student can do with an assignment', () => {
  it('goes on with the active attempt while the assignment runs', () => {
    expect(studentState(assignment({}), [attempt('active')])).toMatchObject({ kind: 'active' });
  });
  it('may start while attempts are left, and waits before a dated start', () => {
    expect(studentState(assignment({}), [attempt('finished')])).toEqual({ kind: 'can-start' });
    expect(studentState(assignment({ status: 'remaining' }), [])).toEqual({ kind: 'waiting' });
  });
  it('is told why not: suspended (even mid-attempt), completed, no attempts left', () => {
    expect(studentState(assignment({ status: 'suspended' }), [attempt('active')])).toEqual({
      kind: 'closed',
      reason: 'suspended',
    });
    expect(studentState(assignment({ status: 'completed' }), [])).toEqual({
      kind: 'closed',
      reason: 'completed',
    });
    expect(studentState(assignment({}), [attempt('finished', 1), attempt('finished', 2)])).toEqual({
      kind: 'closed',
      reason: 'no-attempts',
    });
    expect(
      studentState(assignment({ max_attempts: null }), [attempt('finished', 1), attempt('finished', 2)]),
    ).toEqual({
      kind: 'can-start',
    });
  });
});

describe('a blank answer', () => {
  it('is one that says nothing for its type', () => {
    expect(isBlank('choice', { selected: [] })).toBe(true);
    expect(isBlank('choice', { selected: ['a'] })).toBe(false);
    expect(isBlank('fill-space', { gaps: { g: '  ' } })).toBe(true);
    expect(isBlank('drag-and-drop', { placements: { i: 't' } })).toBe(false);
    expect(isBlank('code', { language: 'python', source: '\n' })).toBe(true);
    expect(isBlank('free', { text: 'Эссе' })).toBe(false);
    expect(isBlank('open', undefined)).toBe(true);
  });
});

describe('the steps of an attempt', () => {
  const component = (id: string, position: number, type = 'choice'): WorkComponent => ({
    id,
    type,
    position,
    points: 1,
    data: type === 'choice' ? { options: [{ id: 'a' }, { id: 'b' }, { id: 'c' }] } : {},
    settings: null,
  });
  const all = [component('q2', 2), component('intro', 0, 'text'), component('q1', 1), component('q3', 3)];

  it('are the assignment’s components by position when the attempt has no selection of its own', () => {
    expect(stepsOf(all, attempt('active')).map((c) => c.id)).toEqual(['intro', 'q1', 'q2', 'q3']);
  });

  it('are the attempt’s own components, in its order, with its order of options', () => {
    const own = {
      ...attempt('active'),
      components: ['intro', 'q3', 'q1'],
      option_orders: { q3: ['c', 'a', 'b'] },
    };
    const steps = stepsOf(all, own);
    expect(steps.map((c) => c.id)).toEqual(['intro', 'q3', 'q1']);
    expect((steps[1]!.data.options as { id: string }[]).map((o) => o.id)).toEqual(['c', 'a', 'b']);
    expect((steps[2]!.data.options as { id: string }[]).map((o) => o.id)).toEqual(['a', 'b', 'c']);
  });
});
