import { describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError, DomainError } from '../../../platform/errors';
import type { RecordEvent, RecordState } from '../../../platform/http/records/decider';
import { decide, evolve, initialState, referencesToCheck, type AuthoringCommand } from './record-decider';
import {
  chapterRules,
  componentRules,
  courseGroupRules,
  courseMaterialRules,
  courseRules,
  lessonRules,
  type RecordRules,
} from './record-rules';

const given = (rules: RecordRules, events: RecordEvent[]): RecordState =>
  events.reduce((state, event) => evolve(rules, state, event), initialState);
const when = (rules: RecordRules, history: RecordEvent[], command: AuthoringCommand) =>
  decide(rules, command, given(rules, history));
const errorsOf = (run: () => unknown): Record<string, string[]> => {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error.errors;
    throw error;
  }
  throw new Error('expected a validation error');
};

const lessonCreated: RecordEvent = {
  type: 'LessonCreated',
  data: { id: 'l1', name: 'Урок', status: 'draft', settings: {} },
};

describe('a lesson', () => {
  it('is created once, edited with the changed fields only, deleted once', () => {
    expect(
      when(lessonRules, [], {
        type: 'create',
        id: 'l1',
        data: { name: 'Урок', status: 'draft' },
        references: {},
      }),
    ).toEqual([{ type: 'LessonCreated', data: { id: 'l1', name: 'Урок', status: 'draft' } }]);
    expect(
      when(lessonRules, [lessonCreated], {
        type: 'update',
        id: 'l1',
        changes: { name: 'Урок', status: 'published' },
        references: {},
      }),
    ).toEqual([{ type: 'LessonUpdated', data: { id: 'l1', changes: { status: 'published' } } }]);
    expect(
      when(lessonRules, [lessonCreated], {
        type: 'update',
        id: 'l1',
        changes: { name: 'Урок' },
        references: {},
      }),
    ).toEqual([]);
    const deleted: RecordEvent = { type: 'LessonDeleted', data: { id: 'l1' } };
    expect(when(lessonRules, [lessonCreated], { type: 'delete', id: 'l1' })).toEqual([deleted]);
    expect(() => when(lessonRules, [lessonCreated, deleted], { type: 'delete', id: 'l1' })).toThrow(
      NotFoundError,
    );
    expect(() =>
      when(lessonRules, [lessonCreated], { type: 'create', id: 'l1', data: { name: 'x' }, references: {} }),
    ).toThrow(DomainError);
  });
});

describe('a chapter', () => {
  const data = { lesson_id: 'l1', name: '', position: 0, settings: {} };

  it('needs a lesson the caller may edit', () => {
    expect(
      when(chapterRules, [], { type: 'create', id: 'c1', data, references: { lesson_id: { id: 'l1' } } }),
    ).toEqual([{ type: 'LessonChapterCreated', data: { ...data, id: 'c1' } }]);
    expect(
      errorsOf(() =>
        when(chapterRules, [], { type: 'create', id: 'c1', data, references: { lesson_id: null } }),
      ),
    ).toEqual({ lesson_id: ['Урок не найден или недоступен для изменения'] });
  });

  it('is checked against its lesson again only when it moves to another one', () => {
    const created: RecordEvent = { type: 'LessonChapterCreated', data: { ...data, id: 'c1' } };
    const state = given(chapterRules, [created]);
    expect(referencesToCheck(chapterRules, { type: 'update', changes: { name: 'Глава 1' } }, state)).toEqual(
      {},
    );
    expect(referencesToCheck(chapterRules, { type: 'update', changes: { lesson_id: 'l2' } }, state)).toEqual({
      lesson_id: 'l2',
    });
    expect(
      errorsOf(() =>
        when(chapterRules, [created], {
          type: 'update',
          id: 'c1',
          changes: { lesson_id: 'l2' },
          references: { lesson_id: null },
        }),
      ),
    ).toHaveProperty('lesson_id');
  });
});

describe('a lesson component', () => {
  const choice = {
    chapter_id: 'c1',
    component_type: 'choice',
    data: {
      question: 'Да?',
      options: [
        { id: 'y', text: 'Да' },
        { id: 'n', text: 'Нет' },
      ],
      correct: ['y'],
    },
    position: 0,
    settings: { points: 2 },
  };
  const references = { chapter_id: { id: 'c1' } };

  it('stores the question with its settings completed by their defaults', () => {
    const [event] = when(componentRules, [], { type: 'create', id: 'q1', data: choice, references });
    expect(event!.data).toMatchObject({
      id: 'q1',
      data: { multiple: false },
      settings: { points: 2, penalty_points: 0, is_attachments_allowed: false, hint: null },
    });
  });

  it('refuses data that does not fit its type, naming the field', () => {
    const bad = { ...choice, data: { ...choice.data, correct: ['maybe'] } };
    expect(
      errorsOf(() => when(componentRules, [], { type: 'create', id: 'q1', data: bad, references })),
    ).toEqual({
      'data.correct.0': ['Нет такого варианта'],
    });
  });

  it('checks an edit as the whole component: a new type needs data of that type', () => {
    const [created] = when(componentRules, [], { type: 'create', id: 'q1', data: choice, references });
    const history = [created!];
    expect(
      errorsOf(() =>
        when(componentRules, history, {
          type: 'update',
          id: 'q1',
          changes: { component_type: 'code' },
          references: {},
        }),
      ),
    ).toHaveProperty('data.languages');
    expect(
      when(componentRules, history, {
        type: 'update',
        id: 'q1',
        changes: { settings: { points: 3 } },
        references: {},
      }),
    ).toEqual([
      {
        type: 'LessonComponentUpdated',
        data: { id: 'q1', changes: { settings: expect.objectContaining({ points: 3, penalty_points: 0 }) } },
      },
    ]);
  });
});

describe('a course', () => {
  it('needs its dates when their types say so, the end after the start', () => {
    const data = { name: 'Курс', starting_at_type: 'date', starting_at: null, ending_at_type: 'without' };
    expect(errorsOf(() => when(courseRules, [], { type: 'create', id: 'k1', data, references: {} }))).toEqual(
      {
        starting_at: ['Укажите дату начала'],
      },
    );
    const created: RecordEvent = {
      type: 'CourseCreated',
      data: {
        id: 'k1',
        name: 'Курс',
        starting_at_type: 'date',
        starting_at: '2026-09-01T00:00:00Z',
        ending_at_type: 'without',
      },
    };
    expect(
      errorsOf(() =>
        when(courseRules, [created], {
          type: 'update',
          id: 'k1',
          changes: { ending_at_type: 'date', ending_at: '2026-08-01T00:00:00Z' },
          references: {},
        }),
      ),
    ).toEqual({ ending_at: ['Дата окончания должна быть позже даты начала'] });
  });

  it('keeps each teacher, student and product once', () => {
    const [event] = when(courseRules, [], {
      type: 'create',
      id: 'k1',
      data: { name: 'Курс', teachers: ['t1', 't1'], students: ['s1', 's2', 's1'], products: [] },
      references: {},
    });
    expect(event!.data).toMatchObject({ teachers: ['t1'], students: ['s1', 's2'] });
  });
});

describe('a course material', () => {
  const data = {
    course_id: 'k1',
    course_group_id: 'g1',
    type: 'lesson',
    lesson_id: 'l1',
    quiz_id: null,
    name: null,
  };
  const references = {
    course_id: { id: 'k1' },
    course_group_id: { id: 'g1', course_id: 'k1' },
    lesson_id: { id: 'l1', name: 'Урок 1' },
  };

  it('takes its lesson’s name when it has none', () => {
    const [event] = when(courseMaterialRules, [], { type: 'create', id: 'm1', data, references });
    expect(event!.data).toMatchObject({ name: 'Урок 1', lesson_id: 'l1' });
  });

  it('names the lesson or quiz its type says, in a group of its own course', () => {
    expect(
      errorsOf(() =>
        when(courseMaterialRules, [], {
          type: 'create',
          id: 'm1',
          data: { ...data, type: 'quiz' },
          references,
        }),
      ),
    ).toEqual({ quiz_id: ['Выберите тест'] });
    expect(
      errorsOf(() =>
        when(courseMaterialRules, [], {
          type: 'create',
          id: 'm1',
          data,
          references: { ...references, course_group_id: { id: 'g1', course_id: 'other' } },
        }),
      ),
    ).toEqual({ course_group_id: ['Раздел относится к другому курсу'] });
    expect(
      errorsOf(() =>
        when(courseMaterialRules, [], {
          type: 'create',
          id: 'm1',
          data,
          references: { ...references, lesson_id: null },
        }),
      ),
    ).toEqual({ lesson_id: ['Урок не найден'] });
  });
});

describe('a course group', () => {
  it('stays in its course', () => {
    const created: RecordEvent = {
      type: 'CourseGroupCreated',
      data: { id: 'g1', course_id: 'k1', name: 'Раздел' },
    };
    expect(
      errorsOf(() =>
        when(courseGroupRules, [created], {
          type: 'update',
          id: 'g1',
          changes: { course_id: 'k2' },
          references: { course_id: { id: 'k2' } },
        }),
      ),
    ).toEqual({ course_id: ['Раздел нельзя перенести в другой курс'] });
    expect(
      when(courseGroupRules, [created], {
        type: 'update',
        id: 'g1',
        changes: { course_id: 'k1', name: 'Новый' },
        references: {},
      }),
    ).toEqual([{ type: 'CourseGroupUpdated', data: { id: 'g1', changes: { name: 'Новый' } } }]);
  });
});
