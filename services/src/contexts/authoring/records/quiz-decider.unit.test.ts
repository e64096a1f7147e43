import { describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '../../../platform/errors';
import { quizDecider, type QuizCommand, type QuizEvent } from './quiz-decider';

const given = (events: QuizEvent[]) => events.reduce(quizDecider.evolve, quizDecider.initialState);
const when = (history: QuizEvent[], command: QuizCommand) => quizDecider.decide(command, given(history));

const quizFields = {
  image: null,
  color: null,
  name: 'Тест',
  description: null,
  is_unlisted: false,
  settings: {},
};
const free = { component_type: 'free' as const, data: { question: 'Эссе' } };
const choice = {
  component_type: 'choice' as const,
  data: {
    question: 'Да?',
    options: [
      { id: 'y', text: 'Да' },
      { id: 'n', text: 'Нет' },
    ],
    correct: ['y'],
  },
  temporary_id: 'tmp-2',
};

/** The history of a quiz created with an essay (e1) and a choice question (c1). */
function created(): QuizEvent[] {
  return when([], {
    type: 'create',
    id: 'z1',
    data: quizFields,
    components: [
      { id: 'e1', isNew: true, fields: free },
      { id: 'c1', isNew: true, fields: choice },
    ],
  });
}

describe('a quiz', () => {
  it('is created with its components, each normalised, in list order', () => {
    const events = created();
    expect(events.map((e) => e.type)).toEqual(['QuizCreated', 'QuizComponentAdded', 'QuizComponentAdded']);
    expect(events[2]!.data).toMatchObject({
      id: 'c1',
      quiz_id: 'z1',
      position: 1,
      temporary_id: 'tmp-2',
      settings: { points: 1, penalty_points: 0 },
      data: { multiple: false },
    });
  });

  it('a save with a list edits the listed, adds the new and removes the rest', () => {
    const events = when(created(), {
      type: 'update',
      id: 'z1',
      changes: { name: 'Тест 2' },
      components: [
        { id: 'c1', isNew: false, fields: { ...choice, settings: { points: 5 } } },
        { id: 'n1', isNew: true, fields: { ...free, temporary_id: 7 } },
      ],
    });
    expect(events).toEqual([
      { type: 'QuizUpdated', data: { id: 'z1', changes: { name: 'Тест 2' } } },
      {
        type: 'QuizComponentUpdated',
        data: {
          id: 'c1',
          quiz_id: 'z1',
          changes: { position: 0, settings: expect.objectContaining({ points: 5 }) },
        },
      },
      {
        type: 'QuizComponentAdded',
        data: expect.objectContaining({ id: 'n1', position: 1, temporary_id: 7 }),
      },
      { type: 'QuizComponentRemoved', data: { id: 'e1', quiz_id: 'z1' } },
    ]);
  });

  it('a save without a list leaves the components alone; an unchanged save records nothing', () => {
    expect(when(created(), { type: 'update', id: 'z1', changes: { name: 'Тест' } })).toEqual([]);
    expect(
      when(created(), {
        type: 'update',
        id: 'z1',
        changes: {},
        components: [
          { id: 'e1', isNew: false, fields: free },
          { id: 'c1', isNew: false, fields: choice },
        ],
      }),
    ).toEqual([]);
  });

  it('refuses unknown component ids and invalid data, naming the list entry', () => {
    let errors: Record<string, string[]> = {};
    try {
      when(created(), {
        type: 'update',
        id: 'z1',
        changes: {},
        components: [
          { id: 'zz', isNew: false, fields: free },
          {
            id: 'n1',
            isNew: true,
            fields: { component_type: 'code', data: { question: 'Код', languages: [], tests: [] } },
          },
        ],
      });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      errors = error.errors;
    }
    expect(errors).toMatchObject({
      'components.0.id': ['Вопрос не найден в этом тесте'],
      'components.1.data.languages': ['Выберите язык'],
      'components.1.data.tests': ['Добавьте хотя бы один тест'],
    });
  });

  it('is deleted once', () => {
    const history = [...created(), { type: 'QuizDeleted', data: { id: 'z1' } } as QuizEvent];
    expect(() => when(history, { type: 'delete', id: 'z1' })).toThrow(NotFoundError);
    expect(() => when(history, { type: 'update', id: 'z1', changes: { name: 'x' } })).toThrow(NotFoundError);
  });
});

describe('questions added by an import', () => {
  it('come after the quiz’s own, skip ids it has, and are all refused when one is bad', () => {
    const history = created();
    const added = when(history, {
      type: 'add-components',
      id: 'z1',
      components: [
        { id: 'c1', fields: free },
        { id: 'i1', fields: free },
        { id: 'i2', fields: choice },
      ],
    });
    expect(
      added.map((e) => [e.type, (e.data as { id: string }).id, (e.data as { position?: number }).position]),
    ).toEqual([
      ['QuizComponentAdded', 'i1', 2],
      ['QuizComponentAdded', 'i2', 3],
    ]);
    expect(
      when([...history, ...added], {
        type: 'add-components',
        id: 'z1',
        components: [{ id: 'i1', fields: free }],
      }),
    ).toEqual([]);
    const bad = {
      component_type: 'choice' as const,
      data: { question: 'Нет вариантов', options: [], correct: [] },
    };
    expect(() =>
      when(history, {
        type: 'add-components',
        id: 'z1',
        components: [
          { id: 'i3', fields: free },
          { id: 'i4', fields: bad },
        ],
      }),
    ).toThrow(ValidationError);
    expect(() => when([], { type: 'add-components', id: 'z1', components: [] })).toThrow(NotFoundError);
  });
});
