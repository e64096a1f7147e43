import type { AssignmentComponent, StoredEvent } from '@sabaq/events';
import { describe, expect, it } from 'vitest';
import { cellsOf, headerOf, studentResults } from './results-table';
import { toCsv } from './write-files';

const question = (id: string, points: number) => ({ id, points }) as AssignmentComponent;
const questions = [question('q1', 1), question('q2', 2)];
let position = 0;
const event = (type: string, data: object) =>
  ({ type, data, streamPosition: position++, metadata: {} }) as unknown as StoredEvent;

describe('a student’s line of the results export', () => {
  it('takes the last attempt’s points, a reviewer’s points over the graded ones, and the score', () => {
    const work = [
      event('AssignmentAttemptStarted', { attempt_id: 'a1' }),
      event('AssignmentResultRecorded', { attempt_id: 'a1', component_id: 'q1', points: 0 }),
      event('AssignmentAttemptFinished', { attempt_id: 'a1' }),
      event('AssignmentAttemptStarted', { attempt_id: 'a2' }),
      event('AssignmentResultRecorded', { attempt_id: 'a2', component_id: 'q1', points: 1 }),
      event('AssignmentResultRecorded', { attempt_id: 'a2', component_id: 'q2', points: 0 }),
      event('AssignmentReviewerResultRecorded', { attempt_id: 'a2', component_id: 'q2', points: 1.5 }),
      event('AssignmentScoreCalculated', { score: 3 }),
    ];
    const row = studentResults('s1', 'Касымова Айгерим', work, questions);
    expect(row).toEqual({
      studentId: 's1',
      fullname: 'Касымова Айгерим',
      attempts: 2,
      finished: true,
      score: 3,
      points: [1, 1.5],
    });
    expect(cellsOf(row)).toEqual(['Касымова Айгерим', 's1', 2, 'да', 3, 1, 1.5]);
  });

  it('leaves blanks for a student who never started', () => {
    const row = studentResults('s2', '', [], questions);
    expect(cellsOf(row)).toEqual(['', 's2', 0, 'нет', '', '', '']);
    expect(headerOf(questions)).toEqual([
      'ФИО',
      'ID ученика',
      'Попыток',
      'Завершено',
      'Балл',
      'Вопрос 1 (макс. 1)',
      'Вопрос 2 (макс. 2)',
    ]);
  });
});

describe('the CSV file', () => {
  it('is UTF-8 with a byte-order mark, ; separated, quoted where needed, formulas defused', () => {
    const csv = toCsv(
      ['ФИО', 'Балл'],
      [
        ['Иванов; Пётр', 5],
        ['=HYPERLINK("x")', 1],
        ['"Кавычки"', 0],
      ],
    );
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.subarray(3).toString('utf8')).toBe(
      'ФИО;Балл\r\n"Иванов; Пётр";5\r\n"\'=HYPERLINK(""x"")";1\r\n"""Кавычки""";0\r\n',
    );
  });
});

describe('the results workbook', () => {
  it('names its sheet without the characters a workbook refuses', async () => {
    const { worksheetName, toXlsx } = await import('./write-files');
    expect(worksheetName('Арифметика: дроби [7А] / часть 1?')).toBe('Арифметика дроби 7А часть 1');
    expect(worksheetName("'''")).toBe('Результаты');
    expect(worksheetName('x'.repeat(40))).toHaveLength(31);
    await expect(toXlsx('Арифметика: импорт', ['ФИО'], [['Иванов']])).resolves.toBeInstanceOf(Buffer);
  });
});
