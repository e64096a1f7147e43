import type { AssignmentComponent, AssignmentRecord } from '@sabaq/events';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../platform/errors';
import { resultId } from '../ids';
import { assignmentRecord, NOW } from '../test-fixtures';
import {
  participationDecider,
  type AssignmentView,
  type ParticipationCommand,
  type ParticipationEvent,
} from './participation-decider';

/**
 * What an attempt shows is decided when it starts (variant, drawn questions, order), seeded from the
 * attempt id: given the same history and the same command, the same events.
 */
const given = (events: ParticipationEvent[]) =>
  events.reduce(participationDecider.evolve, participationDecider.initialState);
const when = (history: ParticipationEvent[], command: ParticipationCommand) =>
  participationDecider.decide(command, given(history));
const work = { assignment_id: 'as-1', student_id: 's1' };

const question = (
  id: string,
  settings: { variant_group?: number; difficulty_group?: number; points?: number } = {},
  assessment = 'quiz-1',
): AssignmentComponent => ({
  id,
  component: id,
  type: 'choice',
  assessment_id: assessment,
  assessment_type: 'quiz',
  position: 0,
  data: {
    question: `Вопрос ${id}`,
    options: ['a', 'b', 'c', 'd', 'e', 'f'].map((o) => ({ id: o, text: o.toUpperCase() })),
    correct: ['a'],
  },
  settings: { points: settings.points ?? 1, penalty_points: 0, ...settings },
  points: settings.points ?? 1,
});
const content = (id: string, assessment = 'quiz-1'): AssignmentComponent => ({
  id,
  component: id,
  type: 'text',
  assessment_id: assessment,
  assessment_type: 'quiz',
  position: 0,
  data: { content: id },
  settings: {},
  points: 0,
});

function view(
  components: AssignmentComponent[],
  all: Partial<AssignmentRecord['settings']['component_settings']['all']>,
  more: Partial<AssignmentRecord> = {},
): AssignmentView {
  const base = assignmentRecord();
  const record: AssignmentRecord = {
    ...base,
    ...more,
    components: components.map((c, position) => ({ ...c, position })),
    settings: {
      ...base.settings,
      component_settings: { all: { ...base.settings.component_settings.all, ...all } },
    },
  };
  return { record, suspended: false, finished: false };
}

const start = (assignment: AssignmentView, attemptId: string, studentId = 's1') =>
  when([], { assignment, studentId, now: NOW, type: 'StartAttempt', attemptId });
const startedData = (events: ParticipationEvent[]) => {
  const event = events.find((e) => e.type === 'AssignmentAttemptStarted');
  if (event?.type !== 'AssignmentAttemptStarted') throw new Error('no attempt started');
  return event.data;
};
const attemptIds = Array.from({ length: 40 }, (_, i) => `attempt-${i}`);

describe('what an attempt shows', () => {
  const tenQuestions = Array.from({ length: 10 }, (_, i) => question(`q${i}`));

  it('without component settings: every component, in the assignment’s order', () => {
    const data = startedData(start(view([content('c0'), ...tenQuestions.slice(0, 3)], {}), 'at-1'));
    expect(data).toMatchObject({ variant: null, components: ['c0', 'q0', 'q1', 'q2'], option_orders: {} });
    expect(data.max_points).toBe(3);
  });

  it('is the same for the same attempt id, whatever the time or the student', () => {
    const shuffledDraw = view(tenQuestions, { shuffle: true, per_student: 4 });
    const once = startedData(start(shuffledDraw, 'at-1'));
    const again = startedData(
      when([], {
        assignment: shuffledDraw,
        studentId: 's2',
        now: '2026-09-02T10:00:00.000Z',
        type: 'StartAttempt',
        attemptId: 'at-1',
      }),
    );
    expect(again.components).toEqual(once.components);
    expect(again.option_orders).toEqual(once.option_orders);
  });

  it('shuffle: the questions change places among the questions’ places; content stays; options are shuffled', () => {
    const components = [content('c0'), ...tenQuestions.slice(0, 5), content('c1'), ...tenQuestions.slice(5)];
    const shuffled = view(components, { shuffle: true });
    const orders = attemptIds.map((id) => startedData(start(shuffled, id)));
    for (const data of orders) {
      expect(data.components).toHaveLength(12);
      expect(data.components![0]).toBe('c0');
      expect(data.components![6]).toBe('c1');
      expect([...data.components!].sort()).toEqual(components.map((c) => c.id).sort());
      expect(Object.keys(data.option_orders).sort()).toEqual(tenQuestions.map((q) => q.id).sort());
      expect([...data.option_orders.q0!].sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    }
    expect(new Set(orders.map((d) => d.components!.join())).size).toBeGreaterThan(30);
    expect(new Set(orders.map((d) => d.option_orders.q0!.join())).size).toBeGreaterThan(10);
  });

  it('variant_split: each attempt gets one variant group, and the questions without a group', () => {
    const questions = [
      question('shared'),
      question('v1a', { variant_group: 1 }),
      question('v1b', { variant_group: 1 }),
      question('v2a', { variant_group: 2 }),
      question('v2b', { variant_group: 2, points: 3 }),
    ];
    const split = view(questions, { variant_split: 'random' });
    const attempts = attemptIds.map((id) => startedData(start(split, id)));
    for (const data of attempts) {
      expect(data.variant === 1 || data.variant === 2).toBe(true);
      expect(data.components).toEqual(
        data.variant === 1 ? ['shared', 'v1a', 'v1b'] : ['shared', 'v2a', 'v2b'],
      );
      expect(data.max_points).toBe(data.variant === 1 ? 3 : 5);
    }
    expect(new Set(attempts.map((d) => d.variant))).toEqual(new Set([1, 2]));
    // 'none' keeps every question, and no variant.
    expect(startedData(start(view(questions, { variant_split: 'none' }), 'at-1'))).toMatchObject({
      variant: null,
      components: questions.map((q) => q.id),
    });
  });

  it('per_student: N questions per attempt, evenly across difficulty groups, in the assignment’s order', () => {
    const byDifficulty = [
      ...['e1', 'e2', 'e3', 'e4'].map((id) => question(id, { difficulty_group: 1 })),
      ...['h1', 'h2', 'h3', 'h4'].map((id) => question(id, { difficulty_group: 2 })),
    ];
    const draw = view(byDifficulty, { per_student: 4 });
    const attempts = attemptIds.map((id) => startedData(start(draw, id)));
    for (const data of attempts) {
      expect(data.components).toHaveLength(4);
      expect(data.components!.filter((id) => id.startsWith('e'))).toHaveLength(2);
      const positions = data.components!.map((id) => byDifficulty.findIndex((q) => q.id === id));
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
    expect(new Set(attempts.map((d) => d.components!.join())).size).toBeGreaterThan(5);
    // More than there are: all of them.
    expect(startedData(start(view(byDifficulty, { per_student: 20 }), 'at-1')).components).toHaveLength(8);
  });

  it('is_random_assessment: the attempt gets one of the lessons or quizzes the assignment was made from', () => {
    const two = [
      content('c-a', 'quiz-a'),
      question('qa', {}, 'quiz-a'),
      content('c-b', 'quiz-b'),
      question('qb', {}, 'quiz-b'),
    ];
    const random = view(two, {}, { is_random_assessment: true });
    const shown = new Set(attemptIds.map((id) => startedData(start(random, id)).components!.join()));
    expect(shown).toEqual(new Set(['c-a,qa', 'c-b,qb']));
  });

  it('refuses an answer to a question the attempt does not show, and scores avg over its own questions', () => {
    const worthTen = Array.from({ length: 10 }, (_, i) => question(`q${i}`, { points: 10 }));
    const draw = view(worthTen, { per_student: 2 }, { points_method_type: 'avg' });
    const history = start(draw, 'at-1');
    const shown = startedData(history).components!;
    expect(startedData(history).max_points).toBe(20);
    const hidden = worthTen.find((q) => !shown.includes(q.id))!.id;
    const answer = (componentId: string): ParticipationCommand => ({
      assignment: draw,
      studentId: 's1',
      now: NOW,
      type: 'RecordAnswer',
      attemptId: 'at-1',
      resultId: resultId('at-1', componentId),
      componentId,
      componentType: 'choice',
      answer: { selected: ['a'] },
      grade: { result: 3, points: 10 },
    });
    try {
      when(history, answer(hidden));
      expect.unreachable('an answer to a question the attempt does not show was accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).errors).toEqual({
        component_id: ['Этого вопроса нет в вашей попытке'],
      });
    }
    const events = when(history, answer(shown[0]!));
    // 10 points over the attempt's 2 questions: 5 (over the assignment's ten it would be 1).
    expect(events.find((e) => e.type === 'AssignmentScoreCalculated')?.data).toMatchObject({ score: 5 });
  });

  it('finishes the active attempt when the whole assignment is finished, and nothing else', () => {
    const assignment = view(tenQuestions, {});
    const history = start(assignment, 'at-1');
    const finish: ParticipationCommand = {
      assignment,
      studentId: 's1',
      now: NOW,
      type: 'FinishWithAssignment',
    };
    const events = when(history, finish);
    expect(events).toEqual([
      {
        type: 'AssignmentAttemptFinished',
        data: { ...work, attempt_id: 'at-1', finished_at: NOW, reason: 'teacher' },
      },
    ]);
    expect(when([...history, ...events], finish)).toEqual([]);
    expect(when([], finish)).toEqual([]);
  });
});
