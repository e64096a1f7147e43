import {
  assignmentSchema,
  isEvent,
  DEFAULT_CERTIFICATE_SETTINGS,
  DEFAULT_PROCTORING_SETTINGS,
  type AssignmentInput,
} from '@sabaq/events';
import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../../platform/errors';
import { assignmentRecord, errorsOf, NOW, quizReferences, quizSource } from '../test-fixtures';
import { assignmentDecider, type AssignmentCommand, type AssignmentEvent } from './assignment-decider';
import { noReferences, type AssignmentReferences } from './build-record';
import { NO_WORK } from './edit-rules';

const given = (events: AssignmentEvent[]) =>
  events.reduce(assignmentDecider.evolve, assignmentDecider.initialState);
const when = (history: AssignmentEvent[], command: AssignmentCommand) =>
  assignmentDecider.decide(command, given(history));
const create = (
  input: AssignmentInput,
  references: AssignmentReferences = noReferences,
): AssignmentCommand => ({
  type: 'create',
  id: 'as-1',
  input: assignmentSchema.parse(input),
  references,
  now: NOW,
});
const created: AssignmentEvent = { type: 'AssignmentCreated', data: assignmentRecord() };

describe('an assignment', () => {
  it('is created with the specification’s defaults', () => {
    const [event] = when([], create({ type: 'external', name: 'Эссе' }));
    expect(event!.data).toMatchObject({
      id: 'as-1',
      name: 'Эссе',
      starting_at: NOW,
      starting_at_type: 'now',
      ending_at: '2026-09-08T08:00:00.000Z', // 7 days on
      ending_at_type: 'without',
      is_proctoring: true,
      settings: {
        proctoring_settings: DEFAULT_PROCTORING_SETTINGS,
        component_settings: { all: { shuffle: false, per_student: 0, variant_split: 'none' } },
        certificate: DEFAULT_CERTIFICATE_SETTINGS,
      },
    });
  });

  it('of type webinar is a webinar assignment, whether or not the form said is_webinar', () => {
    for (const is_webinar of [false, true]) {
      const [event] = when([], create({ type: 'webinar', name: 'Онлайн-урок', is_webinar }));
      expect(event!.data).toMatchObject({ is_webinar: true });
    }
    const [external] = when([], create({ type: 'external', name: 'Эссе' }));
    expect(external!.data).toMatchObject({ is_webinar: false });
  });

  it('of type quiz takes its name and description from the quizzes, joined by comma, and copies the questions', () => {
    const second = { ...quizSource, id: 'quiz-2', name: 'Проценты', description: null, components: [] };
    const [event] = when(
      [],
      create(
        { type: 'quiz', name: 'не это', quizzes: ['quiz-1', 'quiz-2'] },
        { lessons: {}, quizzes: { 'quiz-1': quizSource, 'quiz-2': second }, classStudents: [] },
      ),
    );
    expect(event!.data).toMatchObject({ name: 'Дроби, Проценты', description: 'Сложение дробей' });
    const components = event && isEvent(event, 'AssignmentCreated') ? event.data.components : [];
    expect(components.map((c) => [c.id, c.position])).toEqual([
      ['q1', 0],
      ['q2', 1],
      ['q3', 2],
      ['c1', 3],
    ]);
  });

  it('takes its students from the class when none are listed', () => {
    const [event] = when(
      [],
      create(
        { type: 'quiz', quizzes: ['quiz-1'], class_id: 'class-1' },
        { ...quizReferences, classStudents: ['s1', 's2', 's1'] },
      ),
    );
    expect(event!.data).toMatchObject({ class_id: 'class-1', students: ['s1', 's2'] });
  });

  it('refuses what cannot be made, with errors per field', () => {
    expect(errorsOf(() => when([], create({ type: 'quiz', quizzes: ['gone'] })))).toEqual({
      quizzes: ['Тест не найден'],
    });
    expect(errorsOf(() => when([], create({ type: 'lesson' })))).toEqual({ lessons: ['Выберите урок'] });
    expect(errorsOf(() => when([], create({ type: 'webinar' })))).toEqual({ name: ['Введите название'] });
    expect(
      errorsOf(() =>
        when(
          [],
          create(
            { type: 'external', name: 'x', class_id: 'other', ending_at_type: 'date', ending_at: NOW },
            { ...noReferences, classStudents: null },
          ),
        ),
      ),
    ).toEqual({ class_id: ['Класс не найден'], ending_at: ['Дата окончания должна быть позже даты начала'] });
  });

  it('records only the fields an edit changed, and recopies the questions when the quizzes change', () => {
    expect(
      when([created], {
        type: 'update',
        id: 'as-1',
        changes: { max_attempts: 2 },
        references: noReferences,
        work: NO_WORK,
        now: NOW,
      }),
    ).toEqual([{ type: 'AssignmentUpdated', data: { id: 'as-1', changes: { max_attempts: 2 } } }]);
    expect(
      when([created], {
        type: 'update',
        id: 'as-1',
        changes: { max_attempts: null },
        references: noReferences,
        work: NO_WORK,
        now: NOW,
      }),
    ).toEqual([]);
    const changed = when([created], {
      type: 'update',
      id: 'as-1',
      changes: { quizzes: ['quiz-2'] },
      references: {
        lessons: {},
        quizzes: { 'quiz-2': { ...quizSource, id: 'quiz-2', name: 'Проценты', components: [] } },
        classStudents: [],
      },
      work: NO_WORK,
      now: NOW,
    });
    expect(changed[0]!.data).toMatchObject({
      changes: { name: 'Проценты', quizzes: ['quiz-2'], components: [] },
    });
  });

  it('is suspended, resumed and finished; finishing is final', () => {
    const suspended: AssignmentEvent = { type: 'AssignmentSuspended', data: { id: 'as-1', at: NOW } };
    const finished: AssignmentEvent = { type: 'AssignmentFinished', data: { id: 'as-1', at: NOW } };
    expect(when([created], { type: 'suspend', id: 'as-1', now: NOW })).toEqual([suspended]);
    expect(when([created, suspended], { type: 'suspend', id: 'as-1', now: NOW })).toEqual([]);
    expect(when([created, suspended], { type: 'resume', id: 'as-1', now: NOW })).toEqual([
      { type: 'AssignmentResumed', data: { id: 'as-1', at: NOW } },
    ]);
    expect(when([created], { type: 'finish', id: 'as-1', now: NOW })).toEqual([finished]);
    expect(when([created, finished], { type: 'finish', id: 'as-1', now: NOW })).toEqual([]);
    expect(errorsOf(() => when([created, finished], { type: 'resume', id: 'as-1', now: NOW }))).toEqual({
      status: ['Задание завершено'],
    });
  });

  it('is cloned with its questions as a new assignment starting now', () => {
    const later = '2026-10-01T08:00:00.000Z';
    const [event] = when([], { type: 'clone', id: 'as-2', source: assignmentRecord(), now: later });
    expect(event!.data).toMatchObject({
      id: 'as-2',
      name: 'Дроби',
      starting_at: later,
      ending_at: '2026-10-08T08:00:00.000Z',
      components: assignmentRecord().components,
    });
  });

  it('once deleted is gone', () => {
    const deleted: AssignmentEvent = { type: 'AssignmentDeleted', data: { id: 'as-1' } };
    expect(when([created], { type: 'delete', id: 'as-1' })).toEqual([deleted]);
    expect(() => when([created, deleted], { type: 'suspend', id: 'as-1', now: NOW })).toThrow(NotFoundError);
  });
});
