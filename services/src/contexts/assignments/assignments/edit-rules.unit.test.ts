import type { AssignmentFields } from '@sabaq/events';
import { describe, expect, it } from 'vitest';
import { assignmentRecord, errorsOf, NOW, quizReferences } from '../test-fixtures';
import { assignmentDecider, type AssignmentEvent } from './assignment-decider';
import { noReferences } from './build-record';
import { NO_WORK, type AssignmentWork } from './edit-rules';

const created: AssignmentEvent = {
  type: 'AssignmentCreated',
  data: assignmentRecord({ ending_at_type: 'date' }),
};
const state = [created].reduce(assignmentDecider.evolve, assignmentDecider.initialState);
const STARTED: AssignmentWork = { studentsWithAttempts: ['s1'], activeAttempts: 0 };
const RUNNING: AssignmentWork = { studentsWithAttempts: ['s1'], activeAttempts: 1 };

/** The edit form sends every field; an edit here is the stored record with some fields changed. */
const edit = (changes: Partial<AssignmentFields>, work: AssignmentWork) => {
  const { id: _id, components: _components, ...fields } = assignmentRecord({ ending_at_type: 'date' });
  return assignmentDecider.decide(
    {
      type: 'update',
      id: 'as-1',
      changes: { ...fields, ...changes },
      references: quizReferences,
      work,
      now: NOW,
    },
    state,
  );
};
const settings = assignmentRecord().settings;

describe('editing an assignment', () => {
  it('before any attempt changes anything, and the form saved untouched records nothing', () => {
    expect(edit({}, NO_WORK)).toEqual([]);
    const [event] = edit({ type: 'external', name: 'Эссе', quizzes: [] }, NO_WORK);
    expect(event!.data).toMatchObject({ changes: { type: 'external', name: 'Эссе', components: [] } });
  });

  it('takes a record whose settings came back from the store with their keys reordered as unchanged', () => {
    const reversed = (value: object): object =>
      Object.fromEntries(
        Object.entries(value)
          .reverse()
          .map(([k, v]) => [k, v && typeof v === 'object' && !Array.isArray(v) ? reversed(v as object) : v]),
      );
    const stored = assignmentRecord({ ending_at_type: 'date' });
    const reloaded = assignmentDecider.evolve(assignmentDecider.initialState, {
      type: 'AssignmentCreated',
      data: { ...stored, settings: reversed(stored.settings) as typeof stored.settings },
    });
    const { id: _id, components: _c, ...fields } = stored;
    const decided = assignmentDecider.decide(
      { type: 'update', id: 'as-1', changes: fields, references: noReferences, work: RUNNING, now: NOW },
      reloaded,
    );
    expect(decided).toEqual([]);
  });

  it('after an attempt keeps the questions, the counting and the start, each refused by field', () => {
    expect(
      errorsOf(() =>
        edit(
          {
            type: 'external',
            quizzes: [],
            points_method_type: 'avg',
            starting_at: '2026-08-31T08:00:00.000Z',
            settings: {
              ...settings,
              component_settings: { all: { ...settings.component_settings.all, shuffle: true } },
            },
          },
          STARTED,
        ),
      ),
    ).toEqual({
      type: ['Тип задания нельзя изменить: ученики уже начали попытки'],
      quizzes: ['Тесты нельзя заменить: ученики уже начали попытки'],
      points_method_type: ['Способ подсчёта баллов нельзя изменить: ученики уже начали попытки'],
      starting_at: ['Начало задания нельзя изменить: ученики уже начали попытки'],
      'settings.component_settings': ['Настройки вопросов нельзя изменить: ученики уже начали попытки'],
    });
  });

  it('after an attempt changes the name, the time, the attempts allowed and a later end', () => {
    const later = '2026-09-10T08:00:00.000Z';
    const [event] = edit(
      { description: 'Новое описание', max_attempts: 3, complete_time: 45, ending_at: later },
      STARTED,
    );
    expect(event).toEqual({
      type: 'AssignmentUpdated',
      data: {
        id: 'as-1',
        changes: { description: 'Новое описание', max_attempts: 3, complete_time: 45, ending_at: later },
      },
    });
  });

  it('after an attempt refuses an earlier end, and an end in the past', () => {
    expect(errorsOf(() => edit({ ending_at: '2026-09-05T08:00:00.000Z' }, STARTED))).toEqual({
      ending_at: ['Окончание можно только перенести на более позднее время: ученики уже начали попытки'],
    });
    const undated = assignmentDecider.evolve(state, {
      type: 'AssignmentUpdated',
      data: { id: 'as-1', changes: { ending_at_type: 'without' } },
    });
    const { id: _id, components: _c, ...fields } = assignmentRecord();
    expect(
      errorsOf(() =>
        assignmentDecider.decide(
          {
            type: 'update',
            id: 'as-1',
            changes: { ...fields, ending_at_type: 'date', ending_at: '2026-09-02T08:00:00.000Z' },
            references: noReferences,
            work: STARTED,
            now: '2026-09-03T08:00:00.000Z',
          },
          undated,
        ),
      ),
    ).toEqual({ ending_at: ['Окончание должно быть в будущем'] });
  });

  it('keeps the students who started, and adds new ones', () => {
    expect(errorsOf(() => edit({ students: ['s2'] }, STARTED))).toEqual({
      students: ['Нельзя убрать из задания ученика, который уже начал попытку'],
    });
    expect(edit({ students: ['s1', 's2', 's3'] }, STARTED)[0]!.data).toMatchObject({
      changes: { students: ['s1', 's2', 's3'] },
    });
  });

  it('changes proctoring settings for attempts not yet started, never under a running one', () => {
    const proctoring = {
      ...settings,
      proctoring_settings: { ...settings.proctoring_settings, microphone_record: true },
    };
    expect(edit({ settings: proctoring }, STARTED)).toHaveLength(1);
    expect(errorsOf(() => edit({ settings: proctoring }, RUNNING))).toEqual({
      'settings.proctoring_settings': ['Настройки прокторинга нельзя изменить, пока идёт попытка'],
    });
    expect(errorsOf(() => edit({ is_proctoring: false }, RUNNING))).toHaveProperty(
      'settings.proctoring_settings',
    );
  });
});
