import { describe, expect, it } from 'vitest';
import { questionColumnsOf, questionOf } from './question-rows';

describe('a questions table line', () => {
  const columns = questionColumnsOf(['Вопрос', 'Тип', 'Варианты', 'Правильные', 'Баллы']);

  it('makes single, multiple and text questions', () => {
    expect(questionOf(['2 × 2 = ?', 'single', '3 | 4 | 5', '2', '2'], columns)).toEqual({
      fields: {
        component_type: 'choice',
        data: {
          question: '2 × 2 = ?',
          options: [
            { id: '1', text: '3' },
            { id: '2', text: '4' },
            { id: '3', text: '5' },
          ],
          correct: ['2'],
          multiple: false,
        },
        settings: expect.objectContaining({ points: 2 }),
      },
    });
    const multiple = questionOf(['Чётные?', 'Несколько', '1|2|3|4', '2, 4', ''], columns);
    expect(multiple).toMatchObject({
      fields: { data: { correct: ['2', '4'], multiple: true }, settings: { points: 1 } },
    });
    expect(questionOf(['Столица Казахстана?', 'text', '', 'Астана', '1,5'], columns)).toMatchObject({
      fields: { component_type: 'open', data: { sample_answer: 'Астана' }, settings: { points: 1.5 } },
    });
  });

  it('names what is wrong with a bad line', () => {
    expect(questionOf(['', 'single', '1|2', '3', 'много'], columns)).toEqual({
      errors: ['Не указан текст вопроса', 'Баллы — число от 0: «много»', 'Нет варианта 3: вариантов 2'],
    });
    expect(questionOf(['Один правильный?', 'single', '1|2', '1,2', ''], columns)).toEqual({
      errors: ['Один правильный ответ, если выбор не множественный'],
    });
    expect(questionOf(['Что?', 'эссе', '', '', ''], columns)).toEqual({
      errors: ['Неизвестный тип «эссе»: single, multiple или text'],
    });
  });

  it('needs the question column, by title or by the wizard’s choice', () => {
    expect(() => questionColumnsOf(['Текст', 'Баллы'])).toThrow('В файле нет столбцов: Вопрос');
    expect(
      Object.fromEntries(questionColumnsOf(['Текст', 'Баллы'], { question: 0, points: 1, nope: 0 })),
    ).toEqual({
      question: 0,
      points: 1,
    });
  });
});
