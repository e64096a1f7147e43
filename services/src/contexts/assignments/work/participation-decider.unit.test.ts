import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../../platform/errors';
import { resultId, reviewerResultId, reviewerScoreId, scoreId } from '../ids';
import { assignmentRecord, errorsOf, NOW } from '../test-fixtures';
import {
  participationDecider,
  type AssignmentView,
  type ParticipationCommand,
  type ParticipationEvent,
} from './participation-decider';

const open: AssignmentView = { record: assignmentRecord(), suspended: false, finished: false };
const given = (events: ParticipationEvent[]) =>
  events.reduce(participationDecider.evolve, participationDecider.initialState);
const when = (history: ParticipationEvent[], command: ParticipationCommand) =>
  participationDecider.decide(command, given(history));
const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();
const base = { assignment: open, studentId: 's1', now: NOW };
const work = { assignment_id: 'as-1', student_id: 's1' };

const started = (id = 'at-1', number = 1, endsAt: string | null = null): ParticipationEvent => ({
  type: 'AssignmentAttemptStarted',
  data: {
    ...work,
    attempt_id: id,
    number,
    started_at: NOW,
    ends_at: endsAt,
    // Without component settings an attempt shows every component in the assignment's order.
    variant: null,
    components: ['q1', 'q2', 'q3', 'c1'],
    option_orders: {},
    max_points: 8,
  },
});
const answer = (
  componentId: string,
  selected: string[],
  grade: { result: 0 | 1 | 2 | 3; points: number },
  attemptId = 'at-1',
): Extract<ParticipationCommand, { type: 'RecordAnswer' }> => ({
  ...base,
  type: 'RecordAnswer',
  attemptId,
  resultId: resultId(attemptId, componentId),
  componentId,
  componentType: componentId === 'q3' ? 'free' : 'choice',
  answer: { selected },
  grade,
});
/** Runs commands in order, each against the state the previous ones left. */
const play = (commands: ParticipationCommand[], history: ParticipationEvent[] = []) =>
  commands.reduce((events, command) => [...events, ...when(events, command)], history);

describe('a student’s work on an assignment', () => {
  it('starts an attempt, numbered, with its time counted from complete_time', () => {
    const timed = { ...open, record: assignmentRecord({ complete_time: 45 }) };
    expect(when([], { ...base, assignment: timed, type: 'StartAttempt', attemptId: 'at-1' })).toEqual([
      started('at-1', 1, at(45)),
    ]);
  });

  it('keeps to max_attempts and to one active attempt', () => {
    const once = { ...open, record: assignmentRecord({ max_attempts: 1 }) };
    const finished: ParticipationEvent = {
      type: 'AssignmentAttemptFinished',
      data: { ...work, attempt_id: 'at-1', finished_at: NOW, reason: 'student' },
    };
    expect(errorsOf(() => when([started()], { ...base, type: 'StartAttempt', attemptId: 'at-2' }))).toEqual({
      assignment_id: ['Предыдущая попытка ещё не завершена'],
    });
    expect(
      errorsOf(() =>
        when([started(), finished], { ...base, assignment: once, type: 'StartAttempt', attemptId: 'at-2' }),
      ),
    ).toEqual({ assignment_id: ['Попытки закончились'] });
    expect(when([started(), finished], { ...base, type: 'StartAttempt', attemptId: 'at-2' })).toEqual([
      started('at-2', 2),
    ]);
  });

  it('ends an attempt whose time ran out when the next one starts', () => {
    const events = when([started('at-1', 1, at(30))], {
      ...base,
      now: at(31),
      type: 'StartAttempt',
      attemptId: 'at-2',
    });
    expect(events.map((e) => e.type)).toEqual(['AssignmentAttemptFinished', 'AssignmentAttemptStarted']);
    expect(events[0]!.data).toMatchObject({ attempt_id: 'at-1', reason: 'time' });
  });

  it('is refused while the assignment is suspended, finished, not started, or not the student’s', () => {
    const start = (assignment: AssignmentView, studentId = 's1') =>
      errorsOf(() => when([], { ...base, assignment, studentId, type: 'StartAttempt', attemptId: 'at-1' }));
    expect(start({ ...open, suspended: true })).toEqual({ assignment_id: ['Задание приостановлено'] });
    expect(start({ ...open, finished: true })).toEqual({ assignment_id: ['Задание завершено'] });
    const later = assignmentRecord({ starting_at_type: 'date', starting_at: at(60) });
    expect(start({ ...open, record: later })).toEqual({ assignment_id: ['Задание ещё не началось'] });
    expect(() =>
      when([], { ...base, studentId: 'stranger', type: 'StartAttempt', attemptId: 'at-1' }),
    ).toThrow(NotFoundError);
  });

  it('records a graded answer and the score it makes; the same answer again records nothing', () => {
    const events = when([started()], answer('q2', ['b'], { result: 3, points: 2 }));
    expect(events).toEqual([
      {
        type: 'AssignmentResultRecorded',
        data: expect.objectContaining({
          result_id: resultId('at-1', 'q2'),
          component_id: 'q2',
          assessment_id: 'quiz-1',
          result: 3,
          points: 2,
        }),
      },
      {
        type: 'AssignmentScoreCalculated',
        data: {
          ...work,
          score_id: scoreId('as-1', 's1'),
          score: 2,
          attempts: [{ attempt_id: 'at-1', points: 2 }],
        },
      },
    ]);
    expect(when([started(), ...events], answer('q2', ['b'], { result: 3, points: 2 }))).toEqual([]);
    // A changed answer replaces the result under the same id.
    const changed = when([started(), ...events], answer('q2', ['a'], { result: 2, points: 0 }));
    expect(changed[0]!.data).toMatchObject({ result_id: resultId('at-1', 'q2'), result: 2 });
    expect(changed[1]!.data).toMatchObject({ score: 0 });
  });

  it('takes one answer a question with straight answers: the verdict was shown, a second would probe', () => {
    const straight = { ...open, record: assignmentRecord({ is_straight_answer: true }) };
    const first = when([started()], {
      ...answer('q2', ['a'], { result: 2, points: 0 }),
      assignment: straight,
    });
    expect(first[0]!.type).toBe('AssignmentResultRecorded');
    const again = { ...answer('q2', ['b'], { result: 3, points: 2 }), assignment: straight };
    expect(errorsOf(() => when([started(), ...first], again))).toEqual({
      component_id: ['Ответ на этот вопрос уже принят'],
    });
    // The same answer sent again (a retry) is still taken as nothing new.
    const retry = { ...answer('q2', ['a'], { result: 2, points: 0 }), assignment: straight };
    expect(when([started(), ...first], retry)).toEqual([]);
  });

  it('averages over the assignment’s questions with the avg method, rounded up', () => {
    const avg = { ...open, record: assignmentRecord({ points_method_type: 'avg' }) };
    const events = play(
      [
        { ...answer('q1', ['a'], { result: 3, points: 1 }), assignment: avg },
        { ...answer('q2', ['b'], { result: 3, points: 2 }), assignment: avg },
      ],
      [started()],
    );
    // (1 + 2) / 3 questions = 1; after the first answer 1 / 3 → 1 as well.
    const scores = events.filter((e) => e.type === 'AssignmentScoreCalculated').map((e) => e.data);
    expect(scores.map((s) => (s as { score: number }).score)).toEqual([1, 1]);
  });

  it('refuses answers that do not fit the attempt or the assignment', () => {
    const finished: ParticipationEvent = {
      type: 'AssignmentAttemptFinished',
      data: { ...work, attempt_id: 'at-1', finished_at: NOW, reason: 'student' },
    };
    expect(
      errorsOf(() => when([started(), finished], answer('q1', ['a'], { result: 3, points: 1 }))),
    ).toEqual({
      assignment_attempt_id: ['Попытка уже завершена'],
    });
    expect(errorsOf(() => when([started()], answer('q9', ['a'], { result: 3, points: 1 })))).toEqual({
      component_id: ['В задании нет такого вопроса'],
    });
    expect(
      errorsOf(() =>
        when([started()], { ...answer('q1', ['a'], { result: 3, points: 1 }), componentType: 'free' }),
      ),
    ).toEqual({ component_type: ['Тип не совпадает с типом вопроса'] });
    expect(
      errorsOf(() =>
        when([started()], { ...answer('c1', [], { result: 0, points: 0 }), componentType: 'text' }),
      ),
    ).toEqual({ component_id: ['Это не вопрос'] });
    expect(
      errorsOf(() =>
        when([started('at-1', 1, at(10))], { ...answer('q1', ['a'], { result: 3, points: 1 }), now: at(11) }),
      ),
    ).toEqual({ assignment_attempt_id: ['Время на выполнение попытки истекло'] });
    expect(() => when([], answer('q1', ['a'], { result: 3, points: 1 }))).toThrow(NotFoundError);
  });

  it('is finished once, however often the student presses finish', () => {
    const finish: ParticipationCommand = { ...base, type: 'FinishAttempt', attemptId: 'at-1' };
    const events = when([started()], finish);
    expect(events).toEqual([
      {
        type: 'AssignmentAttemptFinished',
        data: { ...work, attempt_id: 'at-1', finished_at: NOW, reason: 'student' },
      },
    ]);
    expect(when([started(), ...events], finish)).toEqual([]);
  });

  it('is reviewed: the reviewer’s points replace the student’s in the score, within 0..max', () => {
    const answered = play([answer('q3', [], { result: 1, points: 0 })], [started()]);
    const result = resultId('at-1', 'q3');
    const review = (points: number | undefined): ParticipationCommand => ({
      ...base,
      type: 'Review',
      resultId: result,
      reviewerId: 't1',
      points,
    });
    expect(errorsOf(() => when(answered, review(undefined)))).toEqual({ points: ['Вы не ввели балл'] });
    expect(errorsOf(() => when(answered, review(6)))).toEqual({
      points: ['Введенный балл не может превышать максимального'],
    });
    const events = when(answered, review(4));
    expect(events).toEqual([
      {
        type: 'AssignmentReviewerResultRecorded',
        data: expect.objectContaining({
          reviewer_result_id: reviewerResultId(result, 't1'),
          assignment_result_id: result,
          reviewer_id: 't1',
          result: 3,
          points: 4,
        }),
      },
      { type: 'AssignmentScoreCalculated', data: expect.objectContaining({ score: 4 }) },
      {
        type: 'AssignmentReviewerScoreCalculated',
        data: {
          ...work,
          reviewer_score_id: reviewerScoreId('as-1', 's1', 't1'),
          reviewer_id: 't1',
          score: 4,
        },
      },
    ]);
    expect(when([...answered, ...events], review(4))).toEqual([]);
  });

  it('is finished and restored for one student by the teacher; their time is added, reduced and reset', () => {
    const timed = { ...open, record: assignmentRecord({ complete_time: 30 }) };
    const t = { ...base, assignment: timed };
    const history = [started('at-1', 1, at(30))];
    const finished = when(history, { ...t, type: 'FinishStudent' });
    expect(finished.map((e) => e.type)).toEqual(['AssignmentAttemptFinished', 'AssignmentStudentFinished']);
    expect(
      errorsOf(() => when([...history, ...finished], { ...t, type: 'StartAttempt', attemptId: 'at-2' })),
    ).toEqual({
      assignment_id: ['Преподаватель завершил задание для вас'],
    });
    const restored = when([...history, ...finished], { ...t, now: at(40), type: 'RestoreStudent' });
    expect(restored).toEqual([
      { type: 'AssignmentStudentRestored', data: work },
      { type: 'AssignmentAttemptReopened', data: { ...work, attempt_id: 'at-1', ends_at: at(70) } },
    ]);
    const plus = when(history, { ...t, type: 'AdjustTime', minutes: 15 });
    expect(plus[0]!.data).toMatchObject({
      minutes: 15,
      extra_minutes: 15,
      attempt_id: 'at-1',
      ends_at: at(45),
    });
    const minus = when([...history, ...plus], { ...t, type: 'AdjustTime', minutes: -20 });
    expect(minus[0]!.data).toMatchObject({ extra_minutes: -5, ends_at: at(25) });
    const reset = when([...history, ...plus], { ...t, now: at(10), type: 'ResetTime' });
    expect(reset[0]!.data).toMatchObject({ attempt_id: 'at-1', ends_at: at(40) });
    expect(errorsOf(() => when(history, { ...t, type: 'AdjustTime', minutes: 0 }))).toEqual({
      minutes: ['Укажите количество минут'],
    });
  });
});
