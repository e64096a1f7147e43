import { describe, expect, it } from 'vitest';
import {
  chapterTitle,
  componentContentSchema,
  componentMaxPoints,
  courseSchema,
  lessonSchema,
  questionSettingsSchema,
} from './authoring';

const issuesOf = (value: unknown) =>
  Object.fromEntries(
    (componentContentSchema.safeParse(value).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
  );

describe('component content', () => {
  it('fills question settings with the specification’s defaults', () => {
    const parsed = componentContentSchema.parse({ component_type: 'free', data: { question: 'Эссе' } });
    expect(parsed.settings).toEqual(questionSettingsSchema.parse({}));
    expect(parsed.settings).toMatchObject({
      points: 1,
      penalty_points: 0,
      difficulty_group: null,
      variant_group: null,
    });
  });

  it('checks that a fill-space text and its gaps agree', () => {
    expect(
      issuesOf({
        component_type: 'fill-space',
        data: {
          question: 'Q',
          text: 'a {{one}} b {{two}}',
          gaps: [
            { id: 'one', answers: ['1'] },
            { id: 'three', answers: ['3'] },
          ],
        },
      }),
    ).toEqual({
      'data.gaps.1.id': 'В тексте нет пропуска {{three}}',
      'data.text': 'Пропуск {{two}} без ответа',
    });
  });

  it('checks that every drag-and-drop item has a known target', () => {
    expect(
      issuesOf({
        component_type: 'drag-and-drop',
        data: {
          question: 'Q',
          items: [
            { id: 'a', text: 'A' },
            { id: 'b', text: 'B' },
          ],
          targets: [{ id: 'x', text: 'X' }],
          correct: { a: 'y', c: 'x' },
        },
      }),
    ).toEqual({
      'data.correct.a': 'Нет такого места',
      'data.correct.b': 'Укажите место для элемента',
      'data.correct.c': 'Нет такого элемента',
    });
  });

  it('holds code tests to the specification’s limits: memory ≥ 2048 bytes, time ≤ 15 s', () => {
    const code = (test: object) => ({
      component_type: 'code',
      data: { question: 'Q', languages: ['python'], tests: [{ expected_output: '1', ...test }] },
    });
    expect(issuesOf(code({ memory_limit: 2048, time_limit: 15_000 }))).toEqual({});
    expect(issuesOf(code({ memory_limit: 2047, time_limit: 15_001 }))).toEqual({
      'data.tests.0.memory_limit': 'Не меньше 2048 байт',
      'data.tests.0.time_limit': 'Не больше 15 секунд',
    });
    const defaults = componentContentSchema.parse(code({}));
    expect(defaults.data).toMatchObject({
      tests: [{ input: '', memory_limit: 64 * 1024 * 1024, time_limit: 1000, points: 1 }],
    });
  });

  it('refuses a single-answer choice with two right options, and data of another type', () => {
    expect(
      issuesOf({
        component_type: 'choice',
        data: {
          question: 'Q',
          options: [
            { id: 'a', text: 'A' },
            { id: 'b', text: 'B' },
          ],
          correct: ['a', 'b'],
        },
      }),
    ).toEqual({ 'data.correct': 'Один правильный ответ, если выбор не множественный' });
    expect(issuesOf({ component_type: 'text', data: { question: 'Q' } })).toHaveProperty('data.content');
  });

  it('scores a question by its points, code by its tests, content not at all', () => {
    expect(componentMaxPoints({ component_type: 'open', data: {}, settings: { points: 3 } })).toBe(3);
    expect(
      componentMaxPoints({
        component_type: 'code',
        data: { tests: [{ points: 2 }, { points: 0.5 }] },
        settings: { points: 9 },
      }),
    ).toBe(2.5);
    expect(componentMaxPoints({ component_type: 'text', data: {}, settings: { points: 3 } })).toBe(0);
  });
});

describe('records', () => {
  it('refuse settings PostgreSQL cannot store, at any depth', () => {
    const deep = JSON.parse(`${'{"a":'.repeat(30)}"x\\u0000"${'}'.repeat(30)}`) as object;
    expect(lessonSchema.safeParse({ name: 'Урок', settings: deep }).success).toBe(false);
    expect(lessonSchema.safeParse({ name: 'Урок', settings: { a: '\ud800' } }).success).toBe(false);
    expect(lessonSchema.safeParse({ name: 'Урок', settings: { a: '😀' } }).success).toBe(true);
  });

  it('refuse course dates before 1900', () => {
    expect(courseSchema.safeParse({ name: 'Курс', starting_at: '0000-01-01T00:00:00Z' }).success).toBe(false);
    expect(courseSchema.parse({ name: 'Курс' })).toMatchObject({
      status: 'draft',
      starting_at_type: 'now',
      ending_at_type: 'without',
    });
  });

  it('show an unnamed chapter as «Без названия»', () => {
    expect(chapterTitle('')).toBe('Без названия');
    expect(chapterTitle('  ')).toBe('Без названия');
    expect(chapterTitle('Глава 1')).toBe('Глава 1');
  });
});
